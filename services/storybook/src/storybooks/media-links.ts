import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@starborn/runtime';
import { mediaExpiry, MediaUrlSigner } from '@starborn/storage';
import { STORYBOOK_CONFIG, type StorybookConfig } from '../config.js';
import type { MediaLink } from './storybook.presenter.js';

/** Signs the media a story view links to (its illustrations), with one expiry per view. */
@Injectable()
export class MediaLinks {
  constructor(
    private readonly signer: MediaUrlSigner,
    private readonly clock: Clock,
    @Inject(STORYBOOK_CONFIG) private readonly config: StorybookConfig,
  ) {}

  /** A signer for one view: every link expires together, at least MEDIA_URL_TTL_SECONDS from now. */
  forView(): MediaLink {
    const expiresAt = mediaExpiry(
      Math.floor(this.clock.now().getTime() / 1000),
      this.config.MEDIA_URL_TTL_SECONDS,
    );
    return (key) => this.signer.sign(key, expiresAt);
  }
}
