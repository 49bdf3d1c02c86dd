export * from './ensure-database.js';
export * from './service-database.js';
export * from './database.module.js';
export * from './sql.js';
export * from './migration.js';
export * from './columns.js';
export * from './naming.js';
