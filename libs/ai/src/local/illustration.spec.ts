import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { heroFor } from '../__tests__/fixtures.js';
import type { IllustrationRequest } from '../types.js';
import type { PlannedScene } from '../story-plan.js';
import { heroDesign } from './art.js';
import { describeCharacter } from './art/character.js';
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

  it('without a planned scene, shows the setting, time and creatures the chapter names, and says so', () => {
    const { scene, alt } = composeChapterIllustration(harbour);
    expect(scene.read).toMatchObject({ setting: 'sea', timeOfDay: 'dawn', creatures: ['birds'] });
    expect(scene).toMatchObject({ landscape: 'coast', timeOfDay: 'dawn' });
    expect(alt).toMatch(/above the open water/);
    expect(alt).toMatch(/at dawn/);
    expect(alt).toMatch(/flock of birds/);
    const cave = composeChapterIllustration({
      ...harbour,
      title: 'The Deep Dark',
      markdown: 'Snow fell at night over the mine. In the cave, crystals glittered in the tunnel.',
    });
    expect(cave.scene).toMatchObject({ landscape: 'caverns', weather: 'snow', timeOfDay: 'night' });
    expect(cave.alt).toMatch(/cavern .* under the night sky, in falling snow/);
  });

  it('draws a planned scene: its landscape, hour, weather, companions by their kinds and the moment', () => {
    const scene: PlannedScene = {
      place: 'Greyspine Pass',
      landscape: 'mountains',
      timeOfDay: 'dusk',
      weather: 'snow',
      companions: ['Ash', 'Mira'],
      action: 'fight',
      moment: 'Aria holds the pass while Ash bares his teeth.',
    };
    const cast = [
      { name: 'Ash', kind: 'a red fox' },
      { name: 'Mira', kind: 'a one-eyed ferrywoman' },
    ];
    const drawn = composeChapterIllustration({ ...harbour, scene, cast });
    expect(drawn.scene).toMatchObject({
      place: 'Greyspine Pass',
      landscape: 'mountains',
      timeOfDay: 'dusk',
      weather: 'snow',
      action: 'fight',
      companions: [
        { name: 'Ash', kind: 'a red fox', animal: 'dog' },
        { name: 'Mira', kind: 'a one-eyed ferrywoman', animal: null },
      ],
    });
    expect(['lunge', 'striking', 'leaping', 'guard', 'overhead']).toContain(drawn.scene.pose);
    expect(drawn.alt).toContain(
      'at Greyspine Pass, on a high pass below snow-capped peaks at dusk, in falling snow',
    );
    expect(drawn.alt).toContain('Ash, a red fox');
    expect(drawn.alt).toContain('Mira, a one-eyed ferrywoman');
    expect(drawn.alt).toContain(scene.moment);
    // The text no longer decides the picture: the same scene with other words keeps its landscape.
    const other = composeChapterIllustration({ ...harbour, markdown: 'They sailed the sea.', scene, cast });
    expect(other.scene.landscape).toBe('mountains');
    // Each companion adds a figure: without them the picture is plainer.
    const alone = composeChapterIllustration({ ...harbour, scene: { ...scene, companions: [] }, cast });
    expect(alone.svg.length).toBeLessThan(drawn.svg.length);
  });

  it('lays mist as soft banks and haze, never as full-width bands across the hero', () => {
    const misty = composeChapterIllustration({
      ...harbour,
      scene: {
        place: 'The Whispering Pines',
        landscape: 'forest',
        timeOfDay: 'day',
        weather: 'mist',
        companions: [],
        action: 'travel',
        moment: 'The hero walks into the mist.',
      },
    });
    const fullWidthRects = [
      ...misty.svg.matchAll(/<rect x="0" y="([\d.]+)" width="1200" height="([\d.]+)"[^>]*>/g),
    ];
    // Only the low veil at the foot of the picture may span the width; it reaches the bottom edge.
    for (const [, y, height] of fullWidthRects) {
      expect(Number(y) + Number(height)).toBeGreaterThanOrEqual(ILLUSTRATION_HEIGHT - 1);
      expect(Number(y)).toBeGreaterThan(ILLUSTRATION_HEIGHT * 0.75);
    }
    expect(misty.svg).toMatch(/<g fill="url\(#mist[^"]*\)"><ellipse/);
  });

  it('draws the hero of the portraits: the same person and clothes, in its palette', () => {
    const { character } = heroDesign(hero);
    const { svg, alt } = composeChapterIllustration(harbour);
    expect(alt).toContain(describeCharacter(character));
    expect(svg).toContain(`fill="${character.eyes}"`);
    const other = heroFor('1988-11-20', 'Bram', 'fedcba9876543210fedcba9876543210');
    const otherAlt = composeChapterIllustration({ ...harbour, hero: other }).alt;
    expect(otherAlt).toContain(describeCharacter(heroDesign(other).character));
  });

  // How long a drawing takes is measured by the generation bench (bench/generation), not asserted here.
});
