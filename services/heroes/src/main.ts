import 'reflect-metadata';
import { runService } from '@starborn/runtime';
import { HeroesModule } from './heroes.module.js';

await runService({ service: 'heroes', module: HeroesModule });
