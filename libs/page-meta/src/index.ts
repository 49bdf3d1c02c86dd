export * from './page-meta.js';
