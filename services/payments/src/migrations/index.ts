import { CreatePayments1763900000000 } from './1763900000000-create-payments.js';
import { PaymentLimitsRefunds1764100000000 } from './1764100000000-payment-limits-refunds.js';

/** In order of application. */
export const paymentsMigrations = [CreatePayments1763900000000, PaymentLimitsRefunds1764100000000];
