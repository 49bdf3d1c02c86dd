/**
 * The generation service alone in its own process, from the sources (see ts-loader.mjs), configured
 * by the environment it is given; writes READY on stdout once its worker is drawing jobs.
 */
import 'reflect-metadata';
import { createServiceApp } from '@starborn/runtime';
import { GenerationModule } from '../generation.module.js';

const { app } = await createServiceApp({ service: 'generation', module: GenerationModule });
await app.listen();
process.stdout.write('READY\n');
// The parent's end of stdin closes when the parent goes away: never outlive it.
process.stdin.on('end', () => void app.close().then(() => process.exit(0)));
process.stdin.resume();
