export * from './config.js';
export * from './logger.js';
export * from './signing-keys.js';
export * from './health.module.js';
export * from './run-service.js';
export * from './clock.js';
export * from './ops-server.js';
export * from './test-payments.js';
