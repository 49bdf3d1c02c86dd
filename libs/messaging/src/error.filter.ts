import { Catch, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';
import { toErrorShape } from './errors.js';

/**
 * Replaces Nest's default RPC filter (which flattens every non-RpcException into
 * "Internal server error"), so a ServiceError reaches the caller with its status, code and message.
 */
@Catch()
export class ErrorShapeFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown): Observable<never> {
    const shape = toErrorShape(exception);
    return throwError(() => shape);
  }
}
