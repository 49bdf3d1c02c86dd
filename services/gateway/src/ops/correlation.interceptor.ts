import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { runWithMeta } from '@starborn/messaging';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';

/**
 * Opens the message context of an HTTP request: its request id (x-request-id) becomes the correlation
 * id of every command, event and job the handler causes, and of every log line written meanwhile.
 */
export class CorrelationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: { id?: string } }>();
    const meta = { correlationId: String(request.id), userId: request.user?.id };
    if (!meta.userId) delete meta.userId;
    return new Observable((subscriber) =>
      runWithMeta(meta, () => {
        const subscription = next.handle().subscribe(subscriber);
        return () => subscription.unsubscribe();
      }),
    );
  }
}
