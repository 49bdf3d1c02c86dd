import sharp from 'sharp';
import { heroFor } from '../__tests__/fixtures.js';
import { toWebp } from '../webp.js';
import { LocalAiProvider } from './local-provider.js';

describe('LocalAiProvider', () => {
  const hero = heroFor('1988-11-30', 'Kael'); // Sagittarius, Dragon

  it('returns front, profile and action images with prompts, and a markdown backstory', async () => {
    const provider = new LocalAiProvider({ imageSize: 128 });
    expect(provider.name).toBe('local');
    const [images, story] = await Promise.all([
      provider.generateHeroImages(hero),
      provider.generateBackstory(hero),
    ]);
    expect(images.map((i) => i.angle)).toEqual(['front', 'profile', 'action']);
    for (const img of images) {
      expect(img.prompt).toContain('Kael');
      expect(img.prompt).toContain('Sagittarius');
      expect(img.prompt).toContain('Dragon');
      expect(await sharp(img.png).metadata()).toMatchObject({ format: 'png', width: 128, height: 128 });
    }
    expect(story).toMatch(/^# .*\n/);
    expect(story).toContain('Kael');
  });

  it('renders 1024×1024 by default and converts to WebP', async () => {
    const [front] = await new LocalAiProvider().generateHeroImages(hero);
    expect(await sharp(front!.png).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1024 });
    const webp = await toWebp(front!.png);
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 1024 });
    expect(webp.length).toBeLessThan(front!.png.length);
  });

  it('draws a recreation (variant 1) as new pictures of the same hero', async () => {
    const provider = new LocalAiProvider({ imageSize: 96 });
    const [first, again, recreated] = await Promise.all([
      provider.generateHeroImages(hero),
      provider.generateHeroImages(hero, { variant: 0 }),
      provider.generateHeroImages(hero, { variant: 1 }),
    ]);
    // Variant 0 is the first art, asked for or not.
    again.forEach((img, i) => expect(img.png.equals(first[i]!.png)).toBe(true));
    recreated.forEach((img, i) => {
      expect(img.angle).toBe(first[i]!.angle);
      expect(img.png.equals(first[i]!.png)).toBe(false);
      expect(img.prompt).not.toBe(first[i]!.prompt);
      expect(img.prompt).toContain('Kael');
    });
  });

  it('validates the image size option', () => {
    expect(() => new LocalAiProvider({ imageSize: 0 })).toThrow(RangeError);
    expect(() => new LocalAiProvider({ imageSize: 10.5 })).toThrow(RangeError);
  });
});
