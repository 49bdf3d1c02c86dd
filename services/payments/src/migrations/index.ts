import { CreatePayments1763900000000 } from './1763900000000-create-payments.js';

/** In order of application. */
export const paymentsMigrations = [CreatePayments1763900000000];
