import 'reflect-metadata';
import { runService } from '@starborn/runtime';
import { RoomsModule } from './rooms.module.js';

await runService({ service: 'rooms', module: RoomsModule });
