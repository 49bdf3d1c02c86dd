import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { heroFor } from '../__tests__/fixtures.js';
import type { IllustrationRequest } from '../types.js';
import { heroDesign } from './art.js';
import { writeLocalChapter } from './chapter.js';
import {
  composeChapterIllustration,
  ILLUSTRATION_HEIGHT,
  ILLUSTRATION_WIDTH,
  renderChapterIllustration,
} from './illustration.js';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const hero = heroFor('1991-04-02', 'Aria', '0123456789abcdef0123456789abcdef'); // Aries, Sheep/Goat

function chapterRequest(chapterNumber: number, total = 10): IllustrationRequest {
  const chapter = writeLocalChapter({
    hero,
    chapterNumber,
    chaptersTotalCount: total,
    previousChapter: null,
  });
  return { hero, chapterNumber, title: chapter.title, markdown: chapter.markdown };
}

const harbour: IllustrationRequest = {
  hero,
  chapterNumber: 2,
  title: 'The Harbour',
  markdown: '# Chapter 2: The Harbour\n\nAria walked the quay at dawn while gulls cried over the waves.',
};

describe('the local chapter illustration', () => {
  it('is a landscape PNG of the announced size, with words describing it', async () => {
    const illustration = await renderChapterIllustration(chapterRequest(1));
    expect(illustration).toMatchObject({ width: ILLUSTRATION_WIDTH, height: ILLUSTRATION_HEIGHT });
    expect(ILLUSTRATION_WIDTH).toBeGreaterThan(ILLUSTRATION_HEIGHT);
    expect(await sharp(illustration.png).metadata()).toMatchObject({
      format: 'png',
      width: ILLUSTRATION_WIDTH,
      height: ILLUSTRATION_HEIGHT,
    });
    // A picture, not a flat fill.
    expect((await sharp(illustration.png).stats()).channels[0]!.stdev).toBeGreaterThan(8);
    expect(illustration.alt).toContain('Aria');
    expect(illustration.alt).toContain('Chapter 1');
  });

  it('is deterministic: the same chapter gives the same bytes and the same words', async () => {
    const [a, b] = await Promise.all([
      renderChapterIllustration(harbour),
      renderChapterIllustration({ ...harbour, hero: { ...hero } }),
    ]);
    expect(sha(a.png)).toBe(sha(b.png));
    expect(a.alt).toBe(b.alt);
  });

  it('draws another scene for other content, even a changed word of the same chapter', async () => {
    const svgs = [1, 2, 3, 4, 5].map((n) => composeChapterIllustration(chapterRequest(n)).svg);
    expect(new Set(svgs.map(sha)).size).toBe(5);
    const edited = { ...harbour, markdown: harbour.markdown.replace('cried', 'called') };
    const [a, b] = await Promise.all([renderChapterIllustration(harbour), renderChapterIllustration(edited)]);
    expect(sha(a.png)).not.toBe(sha(b.png));
  });

  it('shows the setting, time and creatures the chapter names, and says so', () => {
    const { scene, alt } = composeChapterIllustration(harbour);
    expect(scene).toMatchObject({ setting: 'sea', timeOfDay: 'dawn', creatures: ['birds'] });
    expect(alt).toMatch(/shore above the open water/);
    expect(alt).toMatch(/at dawn/);
    expect(alt).toMatch(/flock of birds/);
    const cave = composeChapterIllustration({
      ...harbour,
      title: 'The Deep Dark',
      markdown: 'Snow fell at night over the mine. In the cave, crystals glittered in the tunnel.',
    });
    expect(cave.scene).toMatchObject({ setting: 'caverns', weather: 'snow', timeOfDay: 'night' });
    expect(cave.alt).toMatch(/cave .* at night, in falling snow/);
  });

  it('draws the hero of the portraits: its figure in its own palette', () => {
    const { palette } = heroDesign(hero);
    const { svg } = composeChapterIllustration(harbour);
    expect(svg).toContain(`<g fill="${palette.rim}">`);
    expect(svg).toContain(`<g fill="${palette.figure}">`);
    const other = heroFor('1988-11-20', 'Bram');
    const otherSvg = composeChapterIllustration({ ...harbour, hero: other }).svg;
    expect(otherSvg).toContain(`<g fill="${heroDesign(other).palette.rim}">`);
    expect(otherSvg).not.toContain(`<g fill="${palette.rim}">`);
  });

  // How long a drawing takes is measured by the generation bench (bench/generation), not asserted here.
});
