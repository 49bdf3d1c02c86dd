import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { allSignCombinations, articleMistakes, heroFor, nextHeroId } from '../__tests__/fixtures.js';
import type { HeroProfile } from '../types.js';
import { composeHeroArt, composeHeroArts, heroDesign, renderHeroImages } from './art.js';
import { LANDSCAPE_WORDS } from './art/landscapes.js';

const LANDSCAPE_PHRASES = Object.values(LANDSCAPE_WORDS);

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

describe('procedural hero artwork', () => {
  const hero = heroFor('1991-04-02', 'Aria', '0123456789abcdef0123456789abcdef'); // Aries, Sheep/Goat, Yin Metal

  it('renders three full-size 1024×1024 PNGs, front, profile and action', async () => {
    const images = await renderHeroImages(hero);
    expect(images.map((i) => i.angle)).toEqual(['front', 'profile', 'action']);
    for (const img of images) {
      const meta = await sharp(img.png).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1024 });
      // Real artwork, not a flat fill: many distinct colours.
      const stats = await sharp(img.png).stats();
      expect(stats.channels[0]!.stdev).toBeGreaterThan(10);
    }
    expect(new Set(images.map((i) => sha(i.png))).size).toBe(3);
  });

  it('is deterministic per hero id: byte-identical PNGs and identical prompts', async () => {
    const [a, b] = await Promise.all([
      renderHeroImages(hero, { size: 256 }),
      renderHeroImages({ ...hero }, { size: 256 }),
    ]);
    expect(a.map((i) => sha(i.png))).toEqual(b.map((i) => sha(i.png)));
    expect(a.map((i) => i.prompt)).toEqual(b.map((i) => i.prompt));
  });

  it('gives 100 heroes with identical signs 100 different images at every angle', async () => {
    const heroes: HeroProfile[] = Array.from({ length: 100 }, () => ({ ...hero, heroId: nextHeroId() }));
    // All three angles differ as SVG (cheap) …
    const perAngle = [new Set<string>(), new Set<string>(), new Set<string>()];
    for (const h of heroes) composeHeroArts(h).forEach((a, i) => perAngle[i]!.add(sha(a.svg)));
    expect(perAngle.map((s) => s.size)).toEqual([100, 100, 100]);
    // … and the rendered front images differ as pixels (rendered small to keep the test fast).
    const hashes = new Set<string>();
    for (const h of heroes) {
      const png = await sharp(Buffer.from(composeHeroArt(h, 'front', { size: 96 }).svg))
        .png()
        .toBuffer();
      hashes.add(sha(png));
    }
    expect(hashes.size).toBe(100);
  });

  it('draws the constellation, the medallion, the hero and its animal into the SVG', () => {
    const [front] = composeHeroArts(hero);
    // Aries has 4 stars; each star gets a glow circle in the constellation group.
    expect(front!.svg).toMatch(/<g fill="url\(#sg-\d+\)">(<circle [^>]+\/>){4}<\/g>/);
    expect(front!.svg).toMatch(/url\(#halo-\d+\)/);
    // The hero's face: its skin colour and two eyes with irises of its eye colour.
    const { character } = heroDesign(hero);
    expect(front!.svg).toContain(`fill="${character.eyes}"`);
    expect(front!.svg.length).toBeLessThan(80_000);
  });

  it('gives each image its own pose, setting and camera, and names them in the prompt', () => {
    const arts = composeHeroArts(hero);
    const landscapes = arts.map((a) => LANDSCAPE_PHRASES.find((p) => a.prompt.includes(p)));
    expect(landscapes.every(Boolean)).toBe(true);
    expect(new Set(landscapes).size).toBe(3);
    for (const a of arts) {
      expect(a.prompt).toMatch(/full-length|three-quarter-length|head-and-shoulders/);
      expect(a.prompt).toContain('curl-horned goat');
    }
  });

  it('re-rolls pose, setting, light and camera for each variant while the hero stays the same', () => {
    const first = composeHeroArts(hero).map((a) => a.prompt);
    const variants = [1, 2, 3].map((variant) => composeHeroArts(hero, { variant }).map((a) => a.prompt));
    const identity = (prompt: string) => prompt.split('. ')[1];
    for (const prompts of variants) {
      // Another composition for each image …
      prompts.forEach((p, i) => expect(p).not.toBe(first[i]));
      // … of the same person with the same clothes and gear.
      expect(prompts.map(identity)).toEqual(first.map(identity));
    }
    expect(composeHeroArt(hero, 'front', { variant: 2 }).svg).toBe(
      composeHeroArts(hero, { variant: 2 })[0]!.svg,
    );
    expect(() => composeHeroArts(hero, { variant: -1 })).toThrow(RangeError);
  });

  it('draws fine detail at full size that the small preview leaves out, on the same composition', async () => {
    const full = composeHeroArt(hero, 'front', { size: 1024 }).svg;
    const preview = composeHeroArt(hero, 'front', { size: 512 }).svg;
    const shapes = (svg: string) => (svg.match(/<(path|circle|ellipse|rect)\b/g) ?? []).length;
    const strokes = (svg: string) => (svg.match(/[Mm]/g) ?? []).length;
    expect(shapes(full)).toBeGreaterThan(shapes(preview));
    expect(strokes(full)).toBeGreaterThan(strokes(preview) * 1.3);
    // The preview is the full picture, only with less detail: shrunk to 64 px they look alike.
    const [a, b] = await Promise.all(
      [full, preview].map((svg) => sharp(Buffer.from(svg)).resize(64, 64).greyscale().raw().toBuffer()),
    );
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff += Math.abs(a[i]! - b[i]!);
    expect(diff / a.length).toBeLessThan(12);
  });

  it('describes the image in a prompt naming the hero, both signs and the constellation', () => {
    const arts = composeHeroArts(hero);
    for (const a of arts) {
      expect(a.prompt).toContain('Aria');
      expect(a.prompt).toContain('Aries');
      expect(a.prompt).toContain('Sheep/Goat');
      expect(a.prompt).toContain('the Ram');
      expect(a.prompt).toContain(hero.chinese.element);
    }
    expect(arts[0]!.prompt).toMatch(/front view/i);
    expect(arts[1]!.prompt).toMatch(/profile/i);
    expect(arts[2]!.prompt).toMatch(/action/i);
  });

  it('puts "an" before a vowel sound in every prompt ("an earth-aligned", "an ochre gold medallion")', () => {
    const mistakes = allSignCombinations().flatMap((combo) =>
      composeHeroArts(heroFor(combo.birthdate)).flatMap((art) => articleMistakes(art.prompt)),
    );
    expect(mistakes).toEqual([]);
  });

  it('renders every sign and animal without error', async () => {
    const dates = [
      '1984-03-25',
      '1985-05-01',
      '1986-06-01',
      '1987-07-01',
      '1988-08-01',
      '1989-09-01',
      '1990-10-01',
      '1991-11-01',
      '1992-12-01',
      '1993-01-10',
      '1994-02-10',
      '1995-03-10',
    ];
    for (const d of dates) {
      const h = heroFor(d);
      for (const a of composeHeroArts(h, { size: 64 })) {
        const meta = await sharp(Buffer.from(a.svg))
          .png()
          .toBuffer()
          .then((b) => sharp(b).metadata());
        expect(meta.width).toBe(64);
      }
    }
  });
});
