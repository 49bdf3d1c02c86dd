import {
  createParamDecorator,
  Injectable,
  SetMetadata,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCodes } from '@starborn/contracts';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../http/http-error.filter.js';
import type { SessionClaims } from './session-store.js';
import { TokenVerifier, type AuthenticatedUser } from './token-verifier.js';

const IS_PUBLIC = 'starborn:public';

/** Marks a route that visitors may call without a token. Every other route requires one. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

type RequestWithUser = FastifyRequest & { user?: AuthenticatedUser; session?: SessionClaims };

/** The signed-in user of the request (always set on routes that are not @Public; maybe on public ones). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<RequestWithUser>().user!,
);

/** The session (token id and times) of the request's token, on routes that are not @Public. */
export const CurrentSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<RequestWithUser>().session!,
);

/** Global guard: a bearer token signed by auth is the only identity the gateway trusts. */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: TokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    const header = request.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (isPublic) {
      // A visitor may still be signed in: note who it is, but never refuse a public route.
      if (token) request.user = await this.verifier.verify(token);
      return true;
    }
    if (!token) {
      throw new ApiException({
        status: 401,
        code: ErrorCodes.UNAUTHORIZED,
        message: 'Please sign in to continue.',
      });
    }
    const verified = await this.verifier.verifySession(token);
    if (!verified) {
      throw new ApiException({
        status: 401,
        code: ErrorCodes.UNAUTHORIZED,
        message: 'Your session has expired or is invalid. Please sign in again.',
      });
    }
    request.user = verified.user;
    request.session = verified.session;
    return true;
  }
}
