import { describe, expect, it } from '@jest/globals';
import { HERO_ID_PATTERN, newHeroId } from './heroId';

describe('hero ids', () => {
  it('are crypto.randomUUID() without dashes: 32 lowercase hex characters', () => {
    const id = newHeroId();
    expect(id).toMatch(HERO_ID_PATTERN);
    expect(id).toHaveLength(32);
    expect(newHeroId()).not.toBe(id);
  });

  it('strip the dashes of the UUID they come from', () => {
    const source = {
      randomUUID: () => '3F2504E0-4F89-41D3-9A0C-0305E82C3301',
      getRandomValues: (a: Uint8Array<ArrayBuffer>) => a,
    };
    expect(newHeroId(source)).toBe('3f2504e04f8941d39a0c0305e82c3301');
  });

  it('fall back to random bytes (version 4, RFC variant) without randomUUID', () => {
    const source = {
      getRandomValues: (a: Uint8Array<ArrayBuffer>) => a.fill(0xff),
    };
    const id = newHeroId(source);
    expect(id).toMatch(HERO_ID_PATTERN);
    expect(id[12]).toBe('4');
    expect(id[16]).toBe('b');
  });

  it('are unique over many draws', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newHeroId()));
    expect(ids.size).toBe(1000);
  });
});
