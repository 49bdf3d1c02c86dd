import 'reflect-metadata';
import { runService } from '@starborn/runtime';
import { StorybookModule } from './storybook.module.js';

await runService({ service: 'storybook', module: StorybookModule });
