import 'reflect-metadata';
import { runService } from '@starborn/runtime';
import { GenerationModule } from './generation.module.js';

await runService({ service: 'generation', module: GenerationModule });
