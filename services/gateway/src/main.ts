import 'reflect-metadata';
import { createGatewayApp } from './app.js';

try {
  const { app, config } = await createGatewayApp();
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  process.stderr.write(`gateway: failed to start: ${(error as Error).message}\n`);
  process.exit(1);
}
