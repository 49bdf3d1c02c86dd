import 'reflect-metadata';
import { runService } from '@starborn/runtime';
import { AuthModule } from './auth.module.js';

await runService({ service: 'auth', module: AuthModule });
