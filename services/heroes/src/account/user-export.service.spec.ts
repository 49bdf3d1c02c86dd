import 'reflect-metadata';
import { BACKSTORY_PREVIEW_LENGTH } from '@starborn/contracts';
import type { HeroImage } from '../heroes/hero-image.entity.js';
import type { Hero } from '../heroes/hero.entity.js';
import { exportedHero } from './user-export.service.js';

const id = 'a'.repeat(32);
const story = `# The Tale\n\n${'A hero of the stars walks on. '.repeat(40)}`;
const images = (['front', 'profile', 'action'] as const).map((angle, position): HeroImage => ({
  heroId: id,
  version: 0,
  angle,
  position,
  prompt: `${angle} prompt`,
  fullKey: `heroes/${id}/full/${angle}`,
  previewKey: `heroes/${id}/preview/${angle}`,
}));
const hero = (paymentStatus: 'paid' | 'unpaid'): Hero =>
  ({
    id,
    ownerId: 'owner',
    name: 'Astra',
    birthdate: '1992-03-21',
    western: { sign: 'Aries' },
    chinese: { sign: 'Monkey' },
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
    updatedAt: new Date('2026-11-21T09:30:00Z'),
  }) as Hero;

describe('a hero as its owner exports it', () => {
  it('paid: the full-quality pictures in order and the whole backstory', () => {
    const exported = exportedHero(hero('paid'));
    expect(exported).toMatchObject({
      id,
      name: 'Astra',
      birthdate: '1992-03-21',
      westernZodiac: { sign: 'Aries' },
      chineseZodiac: { sign: 'Monkey' },
      paymentStatus: 'paid',
      backstory: story,
      backstoryTruncated: false,
      createdAt: '2026-11-21T09:00:00.000Z',
      updatedAt: '2026-11-21T09:30:00.000Z',
    });
    expect(exported.images).toEqual(
      ['front', 'profile', 'action'].map((angle) => ({
        angle,
        prompt: `${angle} prompt`,
        quality: 'full',
        storageKey: `heroes/${id}/full/${angle}.png`,
      })),
    );
  });

  it('lists every art version with its own pictures and marks the one shown', () => {
    const versionImages = (version: number) =>
      images.map((image) => ({
        ...image,
        version,
        fullKey: `heroes/${id}/art/v${version}/full/${image.angle}`,
      }));
    const exported = exportedHero({ ...hero('paid'), artVersion: 1 } as Hero, [
      { version: 0, status: 'ready', createdAt: new Date('2026-11-21T09:00:00Z'), images: images },
      { version: 1, status: 'ready', createdAt: new Date('2026-11-22T09:00:00Z'), images: versionImages(1) },
      { version: 2, status: 'failed', createdAt: new Date('2026-11-23T09:00:00Z'), images: [] },
    ]);
    expect(exported.artVersions?.map((v) => [v.version, v.status, v.current])).toEqual([
      [0, 'ready', false],
      [1, 'ready', true],
      [2, 'failed', false],
    ]);
    expect(exported.artVersions?.[0]?.images.map((image) => image.storageKey)).toEqual(
      ['front', 'profile', 'action'].map((angle) => `heroes/${id}/full/${angle}.png`),
    );
    expect(exported.artVersions?.[1]?.images.map((image) => image.storageKey)).toEqual(
      ['front', 'profile', 'action'].map((angle) => `heroes/${id}/art/v1/full/${angle}.png`),
    );
  });

  it('unpaid: the previews and the free part of the backstory, as on screen', () => {
    const exported = exportedHero(hero('unpaid'));
    expect(exported.images.map((image) => [image.quality, image.storageKey])).toEqual(
      ['front', 'profile', 'action'].map((angle) => ['preview', `heroes/${id}/preview/${angle}.png`]),
    );
    expect(exported.backstoryTruncated).toBe(true);
    expect(exported.backstory).toBe(`${story.slice(0, BACKSTORY_PREVIEW_LENGTH).trimEnd()}...`);
    expect(JSON.stringify(exported)).not.toContain('/full/');
  });

  it('a hero still being made: no pictures and no backstory yet', () => {
    const pending = { ...hero('unpaid'), status: 'pending', backstory: null, images: [] } as Hero;
    expect(exportedHero(pending)).toMatchObject({ images: [], backstory: '', backstoryTruncated: false });
  });
});
