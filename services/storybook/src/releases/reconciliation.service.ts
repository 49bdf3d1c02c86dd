import { Injectable, Logger } from '@nestjs/common';
import { ChapterIllustrationService } from '../chapters/chapter-illustration.service.js';
import { ChapterWritingService } from '../chapters/chapter-writing.service.js';
import { ChapterPacksService } from '../packs/chapter-packs.service.js';
import { ReleaseService } from './release.service.js';

export interface ReconciliationReport {
  released: number;
  chaptersQueued: number;
  packsRedeemed: number;
  /** Illustration jobs queued: lost ones again, failed ones retried, old chapters' first. */
  illustrationsQueued: number;
}

/**
 * The periodic sweep: whatever a lost job, a crash between commit and queue, or a buyer who closed the
 * page left undone. Every step is idempotent and skips rows another instance holds, so overlapping
 * sweeps are harmless. A failing step does not stop the others.
 */
@Injectable()
export class ReconciliationService {
  private readonly logger = new Logger(ReconciliationService.name);

  constructor(
    private readonly releases: ReleaseService,
    private readonly chapters: ChapterWritingService,
    private readonly packs: ChapterPacksService,
    private readonly illustrations: ChapterIllustrationService,
  ) {}

  async run(): Promise<ReconciliationReport> {
    const failures: Error[] = [];
    const step = async (name: string, work: () => Promise<number>) => {
      try {
        return await work();
      } catch (error) {
        this.logger.error(`Sweep step "${name}" failed: ${(error as Error).message}`);
        failures.push(error as Error);
        return 0;
      }
    };
    const report = {
      released: await step('releases', () => this.releases.releaseDue()),
      packsRedeemed: await step('chapter packs', () => this.packs.redeemOverdue()),
      chaptersQueued: await step('chapters', () => this.chapters.heal()),
      illustrationsQueued: await step('illustrations', () => this.illustrations.heal()),
    };
    if (failures.length > 0) {
      throw new AggregateError(failures, `Sweep incomplete: ${failures.map((e) => e.message).join('; ')}`);
    }
    return report;
  }
}
