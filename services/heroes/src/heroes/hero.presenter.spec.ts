import 'reflect-metadata';
import { ManualClock } from '@starborn/runtime';
import { MediaUrlSigner } from '@starborn/storage';
import type { HeroesConfig } from '../config.js';
import type { HeroImage } from './hero-image.entity.js';
import type { Hero } from './hero.entity.js';
import { HeroPresenter, truncateBackstory } from './hero.presenter.js';

const signer = new MediaUrlSigner('a-test-secret-that-is-long-enough-for-hmac');
const presenter = new HeroPresenter(signer, new ManualClock(new Date('2026-11-21T10:20:00Z')), {
  MEDIA_URL_TTL_SECONDS: 3600,
} as HeroesConfig);

const story = `# The Tale\n\n${'A hero of the stars walks on. '.repeat(40)}`;
const images = (['front', 'profile', 'action'] as const).map((angle, position): HeroImage => ({
  heroId: 'a'.repeat(32),
  version: 0,
  angle,
  position,
  prompt: `${angle} prompt`,
  fullKey: `heroes/${'a'.repeat(32)}/full/${angle}`,
  previewKey: `heroes/${'a'.repeat(32)}/preview/${angle}`,
}));
const hero = (paymentStatus: 'paid' | 'unpaid'): Hero =>
  ({
    id: 'a'.repeat(32),
    ownerId: 'owner',
    name: 'Astra',
    birthdate: '1992-03-21',
    western: { sign: 'Aries', dateRange: '', element: 'Fire', traits: [], strengths: [], weaknesses: [] },
    chinese: { sign: 'Monkey', element: 'Yang Water', years: [], traits: [], compatibility: [] },
    status: 'complete',
    paymentStatus,
    nftId: null,
    backstory: story,
    generationAttempt: 1,
    generationError: null,
    generatedBy: 'local',
    artVersion: 0,
    artRecreationsUsed: 0,
    images: [images[2], images[0], images[1]],
    createdAt: new Date('2026-11-21T09:00:00Z'),
    updatedAt: new Date('2026-11-21T09:00:00Z'),
  }) as Hero;

describe('truncateBackstory', () => {
  it('keeps 300 characters and adds an ellipsis, and leaves a short story whole', () => {
    const cut = truncateBackstory('x'.repeat(500));
    expect(cut).toEqual({ text: `${'x'.repeat(300)}...`, truncated: true });
    expect(truncateBackstory('short')).toEqual({ text: 'short', truncated: false });
  });
});

describe('HeroPresenter', () => {
  it('gives an unpaid owner previews only, in angle order, and the cut backstory', () => {
    const view = presenter.present(hero('unpaid'));
    expect(view.images.map((image) => [image.angle, image.locked])).toEqual([
      ['front', false],
      ['profile', true],
      ['action', true],
    ]);
    for (const image of view.images) expect(image.url).toContain('/preview/');
    // The 512-pixel preview is served at 320 and at its own size (under the 640 rung).
    for (const image of view.images) expect(image.widths).toEqual([320, 640]);
    expect(JSON.stringify(view)).not.toContain('/full/');
    expect(view.backstory).toHaveLength(303);
    expect(story.startsWith(view.backstory.slice(0, -3).trimEnd())).toBe(true);
    expect(view.backstoryTruncated).toBe(true);
    // Recreating the art is for premium heroes: none to ask for here.
    expect(view).toMatchObject({ artVersion: 0, artRecreationsLeft: 0 });
  });

  it('tells a paid owner the version shown and how many recreations are left', () => {
    expect(presenter.present(hero('paid'))).toMatchObject({ artVersion: 0, artRecreationsLeft: 3 });
    const recreated = { ...hero('paid'), artVersion: 2, artRecreationsUsed: 2 } as Hero;
    expect(presenter.present(recreated)).toMatchObject({ artVersion: 2, artRecreationsLeft: 1 });
  });

  it('gives a paid owner full-quality files and the whole story, signed until the end of the next hour', () => {
    const view = presenter.present(hero('paid'));
    expect(view.images.map((image) => image.locked)).toEqual([false, false, false]);
    const url = new URL(view.images[0].url, 'http://x');
    expect(url.pathname).toBe(`/media/heroes/${'a'.repeat(32)}/full/front.png`);
    expect(view.images[0].widths).toEqual([320, 640, 1024]);
    expect(url.searchParams.get('exp')).toBe(String(Date.parse('2026-11-21T12:00:00Z') / 1000));
    expect(
      signer.verify(
        url.pathname.slice('/media/'.length),
        url.searchParams.get('exp')!,
        url.searchParams.get('sig')!,
        Date.parse('2026-11-21T10:30:00Z') / 1000,
      ),
    ).toBe(true);
    expect(view.backstory).toBe(story);
  });

  it("renders a paid hero as the unpaid preview for 'preview-' views", () => {
    const view = presenter.present(hero('paid'), { preview: true });
    expect(view.images.every((image) => image.url.includes('/preview/'))).toBe(true);
    expect(view.backstoryTruncated).toBe(true);
  });
});
