import { Injectable } from '@nestjs/common';
import { Clock } from '@starborn/runtime';
import { setTimeout as sleep } from 'node:timers/promises';

/** Holds the narrator's line back until a moment on the service's clock (tests move a manual clock). */
@Injectable()
export class NarratorPacing {
  constructor(private readonly clock: Clock) {}

  async holdUntil(at: Date): Promise<void> {
    const ms = at.getTime() - this.clock.now().getTime();
    if (ms > 0) await sleep(ms);
  }
}
