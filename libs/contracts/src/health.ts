export type CheckStatus = 'ok' | 'down';

/** A service's answer to its health command. */
export interface ServiceHealth {
  service: string;
  status: CheckStatus;
  instance: string;
  uptimeSeconds: number;
  database?: CheckStatus;
}

// Health commands carry no payload; an empty object keeps every command's payload an object.
export type HealthCommand = Record<string, never>;
