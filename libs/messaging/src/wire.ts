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

/** JSON text of a value of type T, as a service sent it (a string the receiver has not parsed). */
export type JsonText<T> = string & { readonly __jsonOf?: T };

/** A reply as read by the client: a success keeps its data as JSON text, parsed only by a caller that needs it. */
export type DecodedReply =
  { id: string; ok: true; json: string | undefined } | { id: string; ok: false; error: ErrorShape };

/**
 * The text of a successful reply with data is `{"id":"…","ok":true,"data":…}`, exactly what
 * JSON.stringify gives for the envelope: the client finds the data by this head instead of parsing the
 * whole reply, and can hand the data on as it came.
 */
const SUCCESS_HEAD = /^\{"id":"([^"\\]*)","ok":true,"data":/;

/** The text a server publishes for a reply. */
export function encodeReply(reply: ReplyEnvelope): string {
  if (reply.ok) {
    const json = JSON.stringify(reply.data) as string | undefined;
    // Without data the envelope has no "data" key; decodeReply parses such a reply whole.
    if (json !== undefined) return `{"id":${JSON.stringify(reply.id)},"ok":true,"data":${json}}`;
  }
  return JSON.stringify(reply);
}

/** Reads a reply published by encodeReply (or any JSON envelope); throws on text that is not JSON. */
export function decodeReply(message: string): DecodedReply {
  const head = SUCCESS_HEAD.exec(message);
  if (head && message.endsWith('}')) {
    return { id: head[1], ok: true, json: message.slice(head[0].length, -1) };
  }
  const reply = JSON.parse(message) as ReplyEnvelope;
  if (!reply.ok) return reply;
  return { id: reply.id, ok: true, json: JSON.stringify(reply.data) as string | undefined };
}
