export { createGatewayApp, CONTENT_SECURITY_POLICY } from './app.js';
