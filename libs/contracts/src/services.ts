/** The services of the topology. The gateway only calls; every other service owns a command queue. */
export const SERVICE_NAMES = [
  'gateway',
  'auth',
  'heroes',
  'generation',
  'payments',
  'storybook',
  'rooms',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Services that consume a command queue (everything behind the gateway). */
export const BACKEND_SERVICES = SERVICE_NAMES.filter(
  (name): name is Exclude<ServiceName, 'gateway'> => name !== 'gateway',
);
export type BackendService = (typeof BACKEND_SERVICES)[number];

/** BullMQ queue names: the only place they are spelled. */
export const QueueNames = {
  commands: (service: string) => `${service}.commands`,
  events: (service: string) => `${service}.events`,
} as const;

/** Redis pub/sub channel on which one client instance receives its replies. */
export const replyChannel = (prefix: string, clientId: string) => `${prefix}:rpc-reply:${clientId}`;
