// The configuration schema each service validates its environment with at boot, for the deployment
// tests: what compose and the k8s manifests give a service must pass it. Services without a schema of
// their own use the shared one. Refined schemas (`.superRefine`, as gateway's and generation's are for
// the storage rules) stay ZodObjects in zod 4, so `.shape` lists the variables each one knows.
import { baseEnvSchema } from '@starborn/runtime';
import type { z } from 'zod';
import { authEnvSchema } from '../services/auth/src/config.js';
import { gatewayEnvSchema } from '../services/gateway/src/config.js';
import { paymentsEnvSchema } from '../services/payments/src/config.js';
import { generationEnvSchema } from '../services/generation/src/config.js';
import { heroesEnvSchema } from '../services/heroes/src/config.js';
import { storybookEnvSchema } from '../services/storybook/src/config.js';
import type { Service } from './test-support.js';

export const ENV_SCHEMAS: Record<Service, z.ZodObject> = {
  gateway: gatewayEnvSchema,
  auth: authEnvSchema,
  heroes: heroesEnvSchema,
  generation: generationEnvSchema,
  payments: paymentsEnvSchema,
  storybook: storybookEnvSchema,
  rooms: baseEnvSchema,
};
