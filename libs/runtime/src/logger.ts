import type { LoggerService } from '@nestjs/common';
import { pino, type Logger as PinoLogger, type LoggerOptions } from 'pino';

/** JSON logs, one line each, with the service name on every line. */
export function createLogger(service: string, level = 'info', options: LoggerOptions = {}): PinoLogger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
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
