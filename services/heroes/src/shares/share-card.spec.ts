import type { Hero } from '../heroes/hero.entity.js';
import { shareCard } from './shares.service.js';

const SHARE_ID = 'AbCdEfGhIjKlMnOpQrStUvWx';

function hero(changes: Partial<{ name: string; sign: string; animal: string; frontKey: string }> = {}): Hero {
  return {
    id: 'h1',
    name: changes.name ?? 'Lyra',
    western: { sign: changes.sign ?? 'Aquarius' },
    chinese: { sign: changes.animal ?? 'Ox' },
    images: [
      { angle: 'profile', position: 1, fullKey: 'heroes/h1/full/profile' },
      { angle: 'front', position: 0, fullKey: changes.frontKey ?? 'heroes/h1/full/front' },
    ],
  } as unknown as Hero;
}

describe('shareCard', () => {
  it('shows the name, the signs and the front portrait, under a key and URL named by its version', () => {
    const { card, cardPath } = shareCard(SHARE_ID, hero());
    expect(card).toEqual({
      version: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      storageKey: `heroes/h1/share-cards/${SHARE_ID}/${card.version}.png`,
      name: 'Lyra',
      westernSign: 'Aquarius',
      chineseSign: 'Ox',
      portraitKey: 'heroes/h1/full/front.png',
    });
    expect(cardPath).toBe(`/api/share/${SHARE_ID}/card/${card.version}.png`);
  });

  it('keeps its version while nothing shown changes, and changes it with anything shown', () => {
    const version = (h: Hero, shareId = SHARE_ID) => shareCard(shareId, h).card.version;
    const base = version(hero());
    expect(version(hero())).toBe(base);
    const others = [
      version(hero({ name: 'Lyra the Bold' })),
      version(hero({ sign: 'Pisces' })),
      version(hero({ animal: 'Tiger' })),
      version(hero({ frontKey: 'heroes/h1/full/front-2' })),
      version(hero(), 'ZZCdEfGhIjKlMnOpQrStUvWx'),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  it('makes a card without a portrait for a hero without images', () => {
    const bare = { ...hero(), images: [] } as unknown as Hero;
    expect(shareCard(SHARE_ID, bare).card.portraitKey).toBe('');
  });
});
