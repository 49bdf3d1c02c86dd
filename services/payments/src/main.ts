import 'reflect-metadata';
import { runService } from '@starborn/runtime';
import { PaymentsModule } from './payments.module.js';

await runService({ service: 'payments', module: PaymentsModule });
