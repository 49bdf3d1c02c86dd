import sharp from 'sharp';
import { CHINESE_ANIMAL_NAMES } from '@starborn/zodiac';
import { emblemSvg } from './emblems.js';

describe('Chinese animal emblems', () => {
  const colors = { fill: '#e8c870', cut: '#223344' };

  it('draws a distinct emblem for each of the twelve animals', () => {
    const svgs = CHINESE_ANIMAL_NAMES.map((a) => emblemSvg(a, colors));
    expect(new Set(svgs).size).toBe(12);
    for (const s of svgs) {
      expect(s).toContain('#e8c870');
      expect(s.length).toBeGreaterThan(200);
    }
  });

  it('accepts the product spelling (Sheep/Goat) and reasonable variants', () => {
    expect(emblemSvg('Sheep/Goat', colors)).toBe(emblemSvg('goat', colors));
    expect(emblemSvg(' Dragon ', colors)).toBe(emblemSvg('dragon', colors));
    expect(() => emblemSvg('Cat', colors)).toThrow(RangeError);
  });

  it('renders every emblem as valid SVG that covers a fair part of its box', async () => {
    for (const animal of CHINESE_ANIMAL_NAMES) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">${emblemSvg(animal, colors)}</svg>`;
      const { data, info } = await sharp(Buffer.from(svg))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      let covered = 0;
      for (let i = 3; i < data.length; i += info.channels) if (data[i]! > 128) covered++;
      const share = covered / (info.width * info.height);
      expect({ animal, ok: share > 0.12 && share < 0.75 }).toEqual({ animal, ok: true });
    }
  });
});
