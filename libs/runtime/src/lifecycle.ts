import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

/**
 * A provider with work of its own while the application runs (workers, sockets, periodic sweeps): it
 * starts once every provider exists and stops, work in flight finished, when the application shuts down.
 */
export type ApplicationLifecycle = OnApplicationBootstrap & OnApplicationShutdown;
