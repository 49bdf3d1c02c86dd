import { loadConfig } from '@starborn/runtime';
import { storybookEnvSchema } from './config.js';

describe('storybook configuration', () => {
  it('has defaults for every storybook setting', () => {
    expect(loadConfig(storybookEnvSchema, {})).toMatchObject({
      STORYBOOK_RECONCILE_INTERVAL_MS: 60_000,
      STORYBOOK_RELEASE_BATCH: 500,
      CHAPTER_CREDIT_GRACE_MS: 600_000,
      CHAPTER_REQUEUE_AFTER_MS: 600_000,
      ILLUSTRATION_MAX_ATTEMPTS: 4,
      MEDIA_URL_TTL_SECONDS: 3600,
    });
  });

  it('refuses values that would break the sweep', () => {
    expect(() => loadConfig(storybookEnvSchema, { STORYBOOK_RECONCILE_INTERVAL_MS: '10' })).toThrow(
      /STORYBOOK_RECONCILE_INTERVAL_MS/,
    );
    expect(() => loadConfig(storybookEnvSchema, { STORYBOOK_RELEASE_BATCH: '0' })).toThrow(
      /STORYBOOK_RELEASE_BATCH/,
    );
    expect(() => loadConfig(storybookEnvSchema, { ILLUSTRATION_MAX_ATTEMPTS: '0' })).toThrow(
      /ILLUSTRATION_MAX_ATTEMPTS/,
    );
    expect(() => loadConfig(storybookEnvSchema, { MEDIA_URL_SECRET: 'short' })).toThrow(/MEDIA_URL_SECRET/);
  });
});
