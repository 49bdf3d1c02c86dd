/**
 * The vocabulary of a message registry: a plain object mapping each message name to its definition.
 * Payload and reply types ride along as phantom types, so `send('auth.login', payload)` is checked
 * at compile time against the one declaration, while at run time the object tells the transport
 * which service owns a command and which services subscribe to an event.
 */
declare const phantom: unique symbol;

/** A request/reply message handled by exactly one instance of the owning service. */
export interface CommandDefinition<Payload = unknown, Reply = unknown> {
  readonly kind: 'command';
  readonly service: string;
  readonly [phantom]?: { payload: Payload; reply: Reply };
}

/** A durable event delivered once to every subscribing service. */
export interface EventDefinition<Payload = unknown> {
  readonly kind: 'event';
  readonly subscribers: readonly string[];
  readonly [phantom]?: { payload: Payload };
}

export type MessageDefinition = CommandDefinition<any, any> | EventDefinition<any>;
export type MessageRegistry = Readonly<Record<string, MessageDefinition>>;

export function defineCommand<Payload, Reply>(service: string): CommandDefinition<Payload, Reply> {
  return { kind: 'command', service };
}

export function defineEvent<Payload>(...subscribers: string[]): EventDefinition<Payload> {
  return { kind: 'event', subscribers };
}

export type CommandName<R extends MessageRegistry> = {
  [K in keyof R & string]: R[K] extends CommandDefinition<any, any> ? K : never;
}[keyof R & string];

export type EventName<R extends MessageRegistry> = {
  [K in keyof R & string]: R[K] extends EventDefinition<any> ? K : never;
}[keyof R & string];

export type PayloadOf<R extends MessageRegistry, K extends keyof R> =
  R[K] extends CommandDefinition<infer P, any> ? P : R[K] extends EventDefinition<infer P> ? P : never;

export type ReplyOf<R extends MessageRegistry, K extends keyof R> =
  R[K] extends CommandDefinition<any, infer Reply> ? Reply : never;

/** Every message name a service must handle: the commands it owns and the events it subscribes to. */
export function patternsServedBy(registry: MessageRegistry, service: string): string[] {
  return Object.entries(registry)
    .filter(([, def]) =>
      def.kind === 'command' ? def.service === service : def.subscribers.includes(service),
    )
    .map(([name]) => name);
}
