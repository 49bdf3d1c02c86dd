import type { ErrorShape } from '@starborn/contracts';

/** Context that travels with every message, so logs of one user action share one correlation id. */
export interface MessageMeta {
  correlationId?: string;
  userId?: string;
}

/** A command as stored in its BullMQ job (the job's name is the message name). */
export interface CommandEnvelope {
  id: string;
  /** Redis pub/sub channel of the waiting client instance. */
  replyTo: string;
  /** Epoch ms after which the caller has given up: the command is dropped, not executed late. */
  deadline: number;
  data: unknown;
  meta?: MessageMeta;
}

export interface EventEnvelope {
  id: string;
  data: unknown;
  meta?: MessageMeta;
}

export type ReplyEnvelope =
  { id: string; ok: true; data: unknown } | { id: string; ok: false; error: ErrorShape };
