// The service's root module, for composing services in one process (integration and system tests).
export { PaymentsModule } from './payments.module.js';
// The sale rules' own refusals, for tests that check what a checkout answers.
export { NO_STORYBOOK_YET_MESSAGE, PAYMENT_QUOTA_MESSAGE } from './checkout/checkout.service.js';
