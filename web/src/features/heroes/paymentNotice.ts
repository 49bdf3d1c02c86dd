/** The success notification after checkout returns with ?payment=success. */
import { NOTIFICATION_DURATIONS, type NotifyInput } from '../notifications/notificationsSlice';

/** Back from a successful chapters purchase: /hero/{id}?payment=success&type=chapters. */
export function isChaptersPayment(params: URLSearchParams): boolean {
  return params.get('payment') === 'success' && params.get('type') === 'chapters';
}

export function paymentSuccessNotice(params: URLSearchParams): NotifyInput | null {
  if (params.get('payment') !== 'success') return null;
  const chapters = isChaptersPayment(params);
  return {
    type: 'success',
    title: 'Payment Successful!',
    message: chapters
      ? 'Your new chapters are unlocked. The next part of your story awaits.'
      : 'Your hero is now premium: full-quality images and the full backstory are yours.',
    duration: chapters
      ? NOTIFICATION_DURATIONS.paymentSuccessChapters
      : NOTIFICATION_DURATIONS.paymentSuccess,
  };
}

/** The search string with the payment query removed (the page replaces its URL with it). */
export function withoutPaymentQuery(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('payment');
  next.delete('type');
  next.delete('amount');
  return next;
}
