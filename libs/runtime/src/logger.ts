import type { LoggerService } from '@nestjs/common';
import { currentMeta } from '@starborn/messaging';
import { pino, type Logger as PinoLogger, type LoggerOptions } from 'pino';

/**
 * JSON logs, one line each, with the service name on every line, and the correlation id (and user id)
 * of the request, message or job being handled on every line written while handling it.
 */
export function createLogger(service: string, level = 'info', options: LoggerOptions = {}): PinoLogger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: correlationFields,
    redact: {
      paths: ['req.headers.authorization', 'password', '*.password', 'token', '*.token'],
      censor: '[redacted]',
    },
    ...options,
  });
}

/** Routes Nest's own log calls into pino, so framework messages are JSON too. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: PinoLogger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, message instanceof Error ? message.message : String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
  fatal(message: unknown, context?: string) {
    this.logger.fatal({ context }, String(message));
  }
}

function correlationFields(): Record<string, string> {
  const meta = currentMeta();
  if (!meta) return {};
  const fields: Record<string, string> = {};
  if (meta.correlationId) fields.correlationId = meta.correlationId;
  if (meta.userId) fields.userId = meta.userId;
  return fields;
}
