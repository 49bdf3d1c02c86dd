import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { counter, toErrorShape } from '@starborn/messaging';
import { catchError, tap, throwError, type Observable } from 'rxjs';

export type PaymentOutcome = 'succeeded' | 'failed' | 'canceled' | 'declined';

/** Payments by outcome, counted by the payments service (served on its ops listener). */
export const paymentsTotal = counter(
  'starborn_payments_total',
  'Payments by outcome: succeeded (once per payment, when it is settled), failed, canceled, declined',
  ['outcome'] as const,
);

export function countPayment(outcome: PaymentOutcome): void {
  paymentsTotal.inc({ outcome });
}

const FAILED_STATUSES = new Set<string>(['failed', 'canceled']);

/**
 * Counts the payment outcomes seen in the answers of the payments commands: an intent answered failed
 * or canceled, or a card refused (an error with status 402). Succeeded payments are counted where the
 * intent is settled (FulfilmentService), exactly once per payment.
 */
export class PaymentMetricsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      tap((answer: unknown) => {
        const status = (answer as { status?: unknown } | null | undefined)?.status;
        if (typeof status === 'string' && FAILED_STATUSES.has(status)) {
          countPayment(status as PaymentOutcome);
        }
      }),
      catchError((error: unknown) => {
        if (toErrorShape(error).status === 402) countPayment('declined');
        return throwError(() => error);
      }),
    );
  }
}
