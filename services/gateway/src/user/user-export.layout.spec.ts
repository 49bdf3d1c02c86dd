import type { ExportedHero, ExportedStorybook } from '@starborn/contracts';
import { exportFileName, userExportEntries, type UserExportParts } from './user-export.layout.js';

const heroId = 'a'.repeat(32);
const zodiac = { sign: 'Leo' } as ExportedHero['westernZodiac'];

const hero: ExportedHero = {
  id: heroId,
  name: 'Lyra',
  birthdate: '1990-07-25',
  westernZodiac: zodiac,
  chineseZodiac: { sign: 'Horse' } as ExportedHero['chineseZodiac'],
  status: 'complete',
  paymentStatus: 'paid',
  backstory: 'A long story.',
  backstoryTruncated: false,
  images: [
    { angle: 'front', prompt: 'front view', quality: 'full', storageKey: `heroes/${heroId}/full/front.png` },
    {
      angle: 'profile',
      prompt: 'side view',
      quality: 'full',
      storageKey: `heroes/${heroId}/full/profile.png`,
    },
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

const storybook: ExportedStorybook = {
  id: 'story-1',
  heroId,
  heroName: 'Lyra',
  isPremium: false,
  chaptersTotalCount: 3,
  chaptersUnlockedCount: 2,
  nextUnlockAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  chapters: [
    {
      chapterNumber: 1,
      title: 'One',
      content: 'First.',
      illustration: { quality: 'preview', storageKey: 'illustrations/x/preview.png' },
    },
    { chapterNumber: 2, title: 'Two', content: 'Second.', illustration: null },
  ],
};

const parts: UserExportParts = {
  account: {
    user: { id: 'u1', name: 'Ann', email: 'ann@example.com', createdAt: 'c', updatedAt: 'u' },
    supportRequests: [],
  },
  heroes: {
    heroes: [hero],
    shares: [
      {
        id: 's'.repeat(24),
        heroId,
        heroName: 'Lyra',
        createdAt: 'c',
        accessCount: 3,
        isActive: true,
        sharePath: `/share/${'s'.repeat(24)}`,
      },
    ],
  },
  storybooks: { storybooks: [storybook] },
  roomMessages: {
    messages: [
      {
        id: 'm1',
        roomId: 'r1',
        roomTitle: 'Tavern',
        heroId,
        heroName: 'Lyra',
        content: 'Hello',
        sentAt: 't',
      },
    ],
  },
  payments: {
    payments: [
      {
        id: 'pi_1',
        heroId,
        paymentType: 'premium_upgrade',
        amount: 399,
        currency: 'usd',
        status: 'succeeded',
        receiptEmail: null,
        walletAddress: null,
        createdAt: 'c',
        succeededAt: 's',
        refundedAt: null,
        refundReason: null,
      },
    ],
  },
};

const exportedAt = new Date('2026-11-27T23:59:00Z');
const entries = userExportEntries(parts, exportedAt);
const text = (path: string) => entries.find((entry) => entry.path === path)?.text;
const jsonOf = (path: string) => JSON.parse(text(path)!);

describe('data export layout', () => {
  it('names the zip after the day of the export (UTC)', () => {
    expect(exportFileName(exportedAt)).toBe('starborn-data-2026-11-27.zip');
  });

  it('writes a README, one JSON file per kind of data, then the pictures', () => {
    expect(entries.map((entry) => entry.path)).toEqual([
      'README.txt',
      'account.json',
      'heroes.json',
      'storybooks.json',
      'shares.json',
      'room-messages.json',
      'payments.json',
      `media/${heroId}/front.png`,
      `media/${heroId}/profile.png`,
      `media/${heroId}/chapter-01.png`,
    ]);
    expect(text('README.txt')).toContain('Exported 2026-11-27T23:59:00.000Z.');
    for (const path of ['account.json', 'heroes.json', 'payments.json']) expect(text(path)).toMatch(/\n$/);
  });

  it('reads every picture from its storage key', () => {
    expect(entries.filter((entry) => entry.storageKey !== undefined)).toEqual([
      { path: `media/${heroId}/front.png`, storageKey: `heroes/${heroId}/full/front.png` },
      { path: `media/${heroId}/profile.png`, storageKey: `heroes/${heroId}/full/profile.png` },
      { path: `media/${heroId}/chapter-01.png`, storageKey: 'illustrations/x/preview.png' },
    ]);
  });

  it('names pictures by their file in the zip, with their quality, never by storage key', () => {
    const [exportedHero] = jsonOf('heroes.json');
    expect(exportedHero).toEqual({
      ...hero,
      images: [
        { angle: 'front', prompt: 'front view', quality: 'full', file: `media/${heroId}/front.png` },
        { angle: 'profile', prompt: 'side view', quality: 'full', file: `media/${heroId}/profile.png` },
      ],
    });
    const [story] = jsonOf('storybooks.json');
    expect(story.chapters).toEqual([
      {
        chapterNumber: 1,
        title: 'One',
        content: 'First.',
        illustration: { quality: 'preview', file: `media/${heroId}/chapter-01.png` },
      },
      { chapterNumber: 2, title: 'Two', content: 'Second.', illustration: null },
    ]);
    for (const entry of entries.filter((entry) => entry.text !== undefined))
      expect(entry.text).not.toContain('storageKey');
  });

  it('keeps each service’s answer as it is in its own file', () => {
    expect(jsonOf('account.json')).toEqual(parts.account);
    expect(jsonOf('shares.json')).toEqual(parts.heroes.shares);
    expect(jsonOf('room-messages.json')).toEqual(parts.roomMessages.messages);
    expect(jsonOf('payments.json')).toEqual(parts.payments.payments);
  });
});

describe('data export layout: art versions', () => {
  const v1Front = `heroes/${heroId}/art/v1/full/front.png`;
  const recreated: ExportedHero = {
    ...hero,
    images: [{ angle: 'front', prompt: 'new pose', quality: 'full', storageKey: v1Front }],
    artVersions: [
      { version: 0, status: 'ready', current: false, createdAt: 'c0', images: hero.images },
      {
        version: 1,
        status: 'ready',
        current: true,
        createdAt: 'c1',
        images: [{ angle: 'front', prompt: 'new pose', quality: 'full', storageKey: v1Front }],
      },
      { version: 2, status: 'failed', current: false, createdAt: 'c2', images: [] },
    ],
  };
  const withVersions = userExportEntries(
    { ...parts, heroes: { ...parts.heroes, heroes: [recreated] } },
    exportedAt,
  );
  const heroes = JSON.parse(withVersions.find((entry) => entry.path === 'heroes.json')!.text!);

  it('holds every version’s pictures once: the shown ones beside the hero, the others under art-v<n>/', () => {
    const media = withVersions.filter((entry) => entry.storageKey?.startsWith('heroes/'));
    expect(media).toEqual([
      { path: `media/${heroId}/front.png`, storageKey: v1Front },
      { path: `media/${heroId}/art-v0/front.png`, storageKey: `heroes/${heroId}/full/front.png` },
      { path: `media/${heroId}/art-v0/profile.png`, storageKey: `heroes/${heroId}/full/profile.png` },
    ]);
  });

  it('names each version’s pictures by their file in the zip, never by storage key', () => {
    expect(heroes[0].artVersions).toEqual([
      {
        version: 0,
        status: 'ready',
        current: false,
        createdAt: 'c0',
        images: [
          { angle: 'front', prompt: 'front view', quality: 'full', file: `media/${heroId}/art-v0/front.png` },
          {
            angle: 'profile',
            prompt: 'side view',
            quality: 'full',
            file: `media/${heroId}/art-v0/profile.png`,
          },
        ],
      },
      {
        version: 1,
        status: 'ready',
        current: true,
        createdAt: 'c1',
        images: [{ angle: 'front', prompt: 'new pose', quality: 'full', file: `media/${heroId}/front.png` }],
      },
      { version: 2, status: 'failed', current: false, createdAt: 'c2', images: [] },
    ]);
    expect(JSON.stringify(heroes)).not.toContain('heroes/');
  });
});
