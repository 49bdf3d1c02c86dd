import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { ErrorCodes, ServiceError } from '@starborn/contracts';
import { lastValueFrom, of, throwError } from 'rxjs';
import { PaymentMetricsInterceptor, paymentsTotal } from './payment-metrics.js';

const interceptor = new PaymentMetricsInterceptor();
const context = {} as ExecutionContext;
const answering = (answer: unknown): CallHandler => ({ handle: () => of(answer) });
const failing = (error: unknown): CallHandler => ({ handle: () => throwError(() => error) });

async function counts(): Promise<Record<string, number>> {
  const { values } = await paymentsTotal.get();
  return Object.fromEntries(values.map((value) => [String(value.labels.outcome), value.value]));
}

describe('PaymentMetricsInterceptor', () => {
  beforeEach(() => paymentsTotal.reset());

  it('counts intents answered failed or canceled, and passes every answer on unchanged', async () => {
    const canceled = { id: 'pi_1', status: 'canceled' };
    expect(await lastValueFrom(interceptor.intercept(context, answering(canceled)))).toBe(canceled);
    await lastValueFrom(interceptor.intercept(context, answering({ id: 'pi_2', status: 'failed' })));
    await lastValueFrom(interceptor.intercept(context, answering({ id: 'pi_3', status: 'succeeded' })));
    await lastValueFrom(interceptor.intercept(context, answering(null)));
    expect(await counts()).toEqual({ canceled: 1, failed: 1 });
  });

  it('counts a refused card (402) as declined and rethrows the error as it was', async () => {
    const declined = new ServiceError(402, ErrorCodes.PAYMENT_REQUIRED, 'Your card was declined.');
    await expect(lastValueFrom(interceptor.intercept(context, failing(declined)))).rejects.toBe(declined);
    const notFound = new ServiceError(404, ErrorCodes.NOT_FOUND, 'Payment not found.');
    await expect(lastValueFrom(interceptor.intercept(context, failing(notFound)))).rejects.toBe(notFound);
    expect(await counts()).toEqual({ declined: 1 });
  });
});
