import { BaseRpcContext } from '@nestjs/microservices';
import type { Job } from 'bullmq';
import type { MessageMeta } from './wire.js';

type BullMqContextArgs = [job: Job, meta: MessageMeta];

/** What a handler can ask about the message it is handling (`@Ctx() ctx: BullMqContext`). */
export class BullMqContext extends BaseRpcContext<BullMqContextArgs> {
  getJob(): Job {
    return this.args[0];
  }
  getMeta(): MessageMeta {
    return this.args[1];
  }
  /** How many times this message was tried before (0 on the first delivery). */
  getAttemptsMade(): number {
    return this.args[0].attemptsMade;
  }
}
