import { messageHandlers } from '@starborn/messaging';
import { PremiumService } from './premium.service.js';

export const PremiumHandlers = messageHandlers([PremiumService], {
  'heroes.set-premium': (command, premium) => premium.setPremium(command),
  'heroes.payment-context': (query, premium) => premium.paymentContext(query),
  'payment.succeeded': (event, premium) => premium.applyPayment(event),
});
