import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  QUOTA_EXCEEDED_MESSAGE,
  SocketEvents,
  SocketRooms,
  type ApiErrorEvent,
  type ClientToServerEvents,
  type HeroStatusEvent,
  type ServerToClientEvents,
} from '@starborn/contracts';
import { Server } from 'socket.io';
import { TokenVerifier } from '../auth/token-verifier.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { RoomSockets } from '../rooms/room-sockets.js';
import { HeroStatusListener } from './hero-status.listener.js';
import { createSocketAdapter, type SocketAdapterConnections } from './socket-adapter.js';
import type { GatewayServer, GatewaySocket, NoServerSideEvents, StorySocketData } from './sockets.js';

/**
 * socket.io on the gateway's HTTP server (path /socket.io), shared by every gateway instance through
 * the Redis adapter. A browser that connects with its token joins its user's room; hero status changes
 * and AI-quota errors are pushed there. Shared story rooms are handled by RoomSockets.
 */
@Injectable()
export class RealtimeServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeServer.name);
  private io?: GatewayServer;
  private connections?: SocketAdapterConnections;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly verifier: TokenVerifier,
    private readonly heroStatuses: HeroStatusListener,
    private readonly rooms: RoomSockets,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  get server(): GatewayServer | undefined {
    return this.io;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.connections = createSocketAdapter(this.config);
    this.io = new Server<ClientToServerEvents, ServerToClientEvents, NoServerSideEvents, StorySocketData>(
      this.adapterHost.httpAdapter.getHttpServer(),
      {
        path: '/socket.io',
        serveClient: false,
        transports: ['websocket', 'polling'],
        pingTimeout: 20_000,
        adapter: this.connections.adapter,
      },
    );
    this.io.use((socket, next) => {
      void this.identify(socket).then(() => next(), next);
    });
    this.io.on('connection', (socket) => {
      const user = socket.data.user;
      if (user) void socket.join(SocketRooms.user(user.id));
      this.rooms.attach(socket);
    });
    // Every gateway instance hears every notice, so each one speaks only to its own sockets.
    this.heroStatuses.onNotice((notice) => {
      const room = this.io!.local.to(SocketRooms.user(notice.userId));
      const status: HeroStatusEvent = {
        heroId: notice.heroId,
        status: notice.status,
        // A recreation's notice says which version, so the hero page refreshes its gallery of versions.
        ...(notice.artVersion !== undefined ? { artVersion: notice.artVersion } : {}),
      };
      room.emit(SocketEvents.heroStatus, status);
      if (notice.quotaExceeded) {
        const error: ApiErrorEvent = { errorType: 'quota_exceeded', message: QUOTA_EXCEEDED_MESSAGE };
        room.emit(SocketEvents.apiError, error);
      }
    });
    await this.connections.ready();
  }

  /**
   * Disconnects the user's sockets on every gateway instance: those signed in with the token `only`
   * (sign-out), all of them but those of the token `keep` (a password change keeps its fresh token's,
   * which may connect while the others are looked for), or all of them (sign out everywhere). Best
   * effort: the tokens are already refused, so a socket missed here cannot sign in again.
   */
  async disconnectSessions(userId: string, tokens: { only?: string; keep?: string } = {}): Promise<void> {
    if (!this.io) return;
    try {
      const sockets = await this.io.in(SocketRooms.user(userId)).fetchSockets();
      for (const socket of sockets) {
        const { tokenId } = socket.data;
        if (tokens.only !== undefined && tokenId !== tokens.only) continue;
        if (tokens.keep !== undefined && tokenId === tokens.keep) continue;
        socket.disconnect(true);
      }
    } catch (error) {
      this.logger.warn(
        `Disconnecting the signed-out sockets of ${userId} failed: ${(error as Error).message}`,
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.io) return;
    // Only this instance's sockets: through the adapter, io.disconnectSockets() would reach every instance.
    this.io.local.disconnectSockets(true);
    await this.rooms.settle();
    await Promise.resolve(this.io.of('/').adapter.close()).catch(() => undefined);
    // The HTTP server belongs to Fastify, which closes it itself.
    this.io.engine.close();
    await this.connections?.close();
  }

  private async identify(socket: GatewaySocket): Promise<void> {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return; // visitors may connect; they join no user room
    const verified = await this.verifier.verifySession(token);
    if (!verified) {
      this.logger.debug('Socket connected with an invalid token');
      return;
    }
    socket.data.user = verified.user;
    socket.data.tokenId = verified.session.tokenId;
    socket.data.session = verified.session;
  }
}
