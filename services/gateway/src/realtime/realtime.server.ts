import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  QUOTA_EXCEEDED_MESSAGE,
  SocketEvents,
  SocketRooms,
  type ApiErrorEvent,
  type HeroStatusEvent,
} from '@starborn/contracts';
import { Server, type Socket } from 'socket.io';
import { TokenVerifier, type AuthenticatedUser } from '../auth/token-verifier.js';
import { HeroStatusListener } from './hero-status.listener.js';

/**
 * socket.io on the gateway's HTTP server (path /socket.io). A browser that connects with its token
 * joins its user's room; hero status changes and AI-quota errors are pushed there.
 */
@Injectable()
export class RealtimeServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeServer.name);
  private io?: Server;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly verifier: TokenVerifier,
    private readonly heroStatuses: HeroStatusListener,
  ) {}

  get server(): Server | undefined {
    return this.io;
  }

  onApplicationBootstrap(): void {
    this.io = new Server(this.adapterHost.httpAdapter.getHttpServer(), {
      path: '/socket.io',
      serveClient: false,
      transports: ['websocket', 'polling'],
      pingTimeout: 20_000,
    });
    this.io.use((socket, next) => {
      void this.identify(socket).then(() => next(), next);
    });
    this.io.on('connection', (socket) => {
      const user = socket.data.user as AuthenticatedUser | undefined;
      if (user) void socket.join(SocketRooms.user(user.id));
    });
    // Every gateway instance hears every notice, so each one speaks only to its own sockets.
    this.heroStatuses.onNotice((notice) => {
      const room = this.io!.local.to(SocketRooms.user(notice.userId));
      const status: HeroStatusEvent = { heroId: notice.heroId, status: notice.status };
      room.emit(SocketEvents.heroStatus, status);
      if (notice.quotaExceeded) {
        const error: ApiErrorEvent = { errorType: 'quota_exceeded', message: QUOTA_EXCEEDED_MESSAGE };
        room.emit(SocketEvents.apiError, error);
      }
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.io) return;
    this.io.disconnectSockets(true);
    // The HTTP server belongs to Fastify, which closes it itself.
    this.io.engine.close();
  }

  private async identify(socket: Socket): Promise<void> {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return; // visitors may connect; they join no user room
    const user = await this.verifier.verify(token);
    if (!user) {
      this.logger.debug('Socket connected with an invalid token');
      return;
    }
    socket.data.user = user;
  }
}
