export { createGatewayApp } from './app.js';
export { CONTENT_SECURITY_POLICY } from './http/security-headers.js';
