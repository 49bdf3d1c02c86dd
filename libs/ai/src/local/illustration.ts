/**
 * A chapter's illustration, drawn offline: the hero of the portraits (same face, clothes, gear and
 * palette, from the same seed) in the chapter's scene. With a planned scene (the story plan's place,
 * landscape, hour, weather, companions and action) the picture draws exactly that, the companions as
 * people or animals by their kinds in the cast; without one the scene is read from the chapter's text
 * (chapter-scene.ts). Everything else is seeded by the chapter's content, so the same chapter always
 * gives the same picture and another chapter another one. Plain shapes and gradients only (no SVG
 * filters), so sharp renders it in tens of milliseconds.
 */
import { withIndefiniteArticle } from '@starborn/zodiac';
import { hash128, Rng } from '../prng.js';
import type { Landscape, PlannedScene, SceneAction } from '../story-plan.js';
import type { ChapterIllustration, IllustrationRequest } from '../types.js';
import {
  frame,
  heroDesign,
  newCanvas,
  paintMagic,
  renderSvgToPng,
  stageHero,
  TIME_WORDS,
  WEATHER_WORDS,
  type Shot,
} from './art.js';
import { animalForKind, ANIMAL_NOUNS, drawAnimal, type Animal } from './art/animals.js';
import { DAYLIGHT, type Canvas, type TimeOfDay, type Weather } from './art/canvas.js';
import {
  describeCharacter,
  drawCharacter,
  POSE_WORDS,
  POSES,
  rollCharacter,
  type PoseName,
} from './art/character.js';
import { LANDSCAPE_WORDS, paintLandscape } from './art/landscapes.js';
import { paintSky, paintWeather } from './art/sky.js';
import { readChapterScene, type ChapterScene, type SceneSetting } from './chapter-scene.js';
import { mix } from './color.js';
import { projectConstellation } from './constellations.js';
import { rollLook } from './figure.js';
import { makePalette } from './palette.js';
import { n } from './svg.js';

/** The illustration's size in pixels: landscape, 3:2. */
export const ILLUSTRATION_WIDTH = 1200;
export const ILLUSTRATION_HEIGHT = 800;

const W = ILLUSTRATION_WIDTH;
const H = ILLUSTRATION_HEIGHT;

/** A companion in the picture: who, what they are, and whether they are drawn as a person or an animal. */
export interface DrawnCompanion {
  name: string;
  kind: string;
  animal: Animal | null;
}

/** What the picture shows. */
export interface DrawnScene {
  /** The planned place's name, when the scene was planned. */
  place: string | null;
  landscape: Landscape;
  timeOfDay: TimeOfDay;
  weather: Weather;
  action: SceneAction;
  pose: PoseName;
  companions: DrawnCompanion[];
  /** The moment, when planned. */
  moment: string | null;
  /** What the text says, when the scene was read from it (null for a planned scene). */
  read: ChapterScene | null;
}

export interface ComposedIllustration {
  scene: DrawnScene;
  svg: string;
  alt: string;
}

/** The hero's pose for each kind of key moment: one is picked per chapter. */
const ACTION_POSES: Record<SceneAction, PoseName[]> = {
  travel: ['running', 'looking back', 'ledge'],
  fight: ['lunge', 'striking', 'leaping', 'guard', 'overhead'],
  discover: ['kneeling', 'casting', 'ledge'],
  parley: ['guard', 'ledge', 'looking back'],
  rest: ['meditating', 'kneeling', 'with the animal'],
  escape: ['running', 'leaping', 'looking back'],
  ritual: ['casting', 'meditating', 'overhead'],
  celebrate: ['overhead', 'leaping', 'casting'],
};

/** Companions' poses: people in the scene act with the hero, more quietly. */
const COMPANION_POSES: Record<SceneAction, PoseName[]> = {
  travel: ['running', 'looking back'],
  fight: ['guard', 'lunge', 'drawing a bow'],
  discover: ['kneeling', 'ledge'],
  parley: ['ledge', 'guard'],
  rest: ['meditating', 'kneeling'],
  escape: ['running', 'looking back'],
  ritual: ['casting', 'kneeling'],
  celebrate: ['overhead', 'casting'],
};

/** The text's settings as the picture's landscapes (open hills become a river valley or ruins). */
const SETTING_LANDSCAPES: Record<SceneSetting, Landscape[]> = {
  sea: ['coast'],
  mountains: ['mountains'],
  forest: ['forest'],
  town: ['city'],
  marsh: ['marsh'],
  desert: ['desert'],
  caverns: ['caverns'],
  hills: ['river', 'ruins'],
};

const MOMENT_ACTIONS: Record<ChapterScene['moment'], SceneAction[]> = {
  battle: ['fight'],
  journey: ['travel', 'escape'],
  stillness: ['rest', 'discover', 'ritual'],
};

/** The text's creatures as companions drawn beside the hero. */
const CREATURE_COMPANIONS: Record<ChapterScene['creatures'][number], DrawnCompanion> = {
  birds: { name: 'birds', kind: 'a flock of birds', animal: null },
  dragon: { name: 'the dragon', kind: 'a dragon', animal: 'dragon' },
  beast: { name: 'the beast', kind: 'a great wolf', animal: 'dog' },
  serpent: { name: 'the serpent', kind: 'a serpent', animal: 'snake' },
};

/** The chapter's seed: its hero, number and every character of its title and text. */
function chapterSeed(request: IllustrationRequest): string {
  const digest = hash128(`${request.title}\n${request.markdown}`)
    .map((word) => word.toString(16).padStart(8, '0'))
    .join('');
  return `starborn:${request.hero.heroId}/chapter:${request.chapterNumber}:${digest}`;
}

/** The scene to draw: the planned one, or the one the text describes. */
function sceneOf(request: IllustrationRequest, rng: Rng): Omit<DrawnScene, 'pose'> {
  const planned: PlannedScene | undefined = request.scene;
  if (planned) {
    const cast = request.cast ?? [];
    return {
      place: planned.place,
      landscape: planned.landscape,
      timeOfDay: planned.timeOfDay,
      weather: planned.weather,
      action: planned.action,
      moment: planned.moment,
      companions: planned.companions.slice(0, 3).map((name) => {
        const kind = cast.find((c) => c.name === name)?.kind ?? 'a companion';
        return { name, kind, animal: animalForKind(kind)?.animal ?? null };
      }),
      read: null,
    };
  }
  const read = readChapterScene(request.title, request.markdown);
  return {
    place: null,
    landscape: rng.pick(SETTING_LANDSCAPES[read.setting]),
    timeOfDay: read.timeOfDay ?? rng.pick(['dawn', 'day', 'dusk', 'night'] as const),
    weather: read.weather === 'fog' ? 'mist' : read.weather,
    action: rng.pick(MOMENT_ACTIONS[read.moment]),
    moment: null,
    companions: read.creatures.map((c) => CREATURE_COMPANIONS[c]),
    read,
  };
}

/** Builds the SVG and alt text of a chapter's illustration. */
export function composeChapterIllustration(request: IllustrationRequest): ComposedIllustration {
  const d = heroDesign(request.hero);
  const rng = new Rng(chapterSeed(request));
  const base = sceneOf(request, rng.fork('scene'));
  const pose = rng
    .fork('pose')
    .pick(
      ACTION_POSES[base.action].filter(
        (p) => p !== 'with the animal' || base.companions.some((c) => c.animal),
      ),
    );
  const scene: DrawnScene = { ...base, pose };
  const heroAt = rng.chance(0.5) ? rng.range(0.22, 0.38) : rng.range(0.62, 0.78);
  const shot: Shot = {
    landscape: scene.landscape,
    time: scene.timeOfDay,
    weather: scene.weather,
    pose,
    camera: 'full',
    heroAt,
    // Face into the picture, toward the companions.
    mirror: heroAt > 0.5,
  };
  const c = newCanvas(
    d,
    shot,
    { W, H, outputWidth: W },
    rng,
    rng.range(0.5, 0.6) * H,
    rng.range(0.84, 0.9) * H,
  );
  const sky = paintSky(c, projectConstellation(d.constellation), heroAt > 0.5);
  paintLandscape(c);
  if (scene.companions.some((m) => m.name === 'birds')) birds(c);
  // People and animals of the scene stand a little behind the hero, on the side it faces.
  const others = scene.companions.filter((m) => m.name !== 'birds');
  others.forEach((m, i) => companion(c, request, m, scene.action, heroAt, i, others.length));
  const staged = stageHero(c, d, shot, sky.light ? sky.light[0] : null, rng.fork('stage'), {
    animal: false,
    scale: 0.9,
  });
  paintMagic(c, staged.focus, POSES[pose].cast || scene.action === 'fight' ? 1 : 0.5);
  paintWeather(c);
  frame(c);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${c.defs.join('')}</defs>${c.parts.join('')}</svg>`;
  return { scene, svg, alt: describe(request, scene, describeCharacter(d.character)) };
}

/** The chapter's illustration as a PNG, with its size and alt text. */
export async function renderChapterIllustration(request: IllustrationRequest): Promise<ChapterIllustration> {
  const { svg, alt } = composeChapterIllustration(request);
  return { png: await renderSvgToPng(svg), width: W, height: H, alt };
}

/** One companion: an animal of its kind, or a person with their own seeded looks. */
function companion(
  c: Canvas,
  request: IllustrationRequest,
  m: DrawnCompanion,
  action: SceneAction,
  heroAt: number,
  index: number,
  count: number,
): void {
  const rng = new Rng(`starborn:${request.hero.heroId}/companion:${m.name}`);
  const side = heroAt < 0.5 ? 1 : -1;
  const x = (heroAt + side * (0.2 + (0.3 * index) / Math.max(1, count))) * W;
  const ground = c.ground - 0.015 * H * (index + 1);
  const light = DAYLIGHT[c.time];
  const amount = c.time === 'day' ? 0.05 : c.time === 'night' ? 0.32 : 0.16;
  const tint = (col: string) => mix(col, light.ambient, amount);
  const ink = mix(c.P.nearLand, '#000000', 0.6);
  const shape = animalForKind(m.kind);
  if (m.animal || shape) {
    const animal = shape?.animal ?? m.animal!;
    const height = (animal === 'dragon' ? 0.3 : animal === 'horse' || animal === 'ox' ? 0.36 : 0.2) * H;
    const y = animal === 'dragon' ? c.horizon - 0.12 * H : ground;
    c.parts.push(
      drawAnimal(animal, x, y, height, side < 0, { tint, outline: ink, eyeGlint: '#ffffff' }, shape?.coat),
    );
    return;
  }
  const elements = ['Fire', 'Earth', 'Air', 'Water'];
  const palette = makePalette(
    rng.pick(elements),
    rng.pick(['Yang Wood', 'Yin Metal', 'Yang Fire', 'Yin Water', 'Yang Earth']),
    rng.fork('palette'),
  );
  const look = rollLook(rng.fork('look'));
  const person = rollCharacter(
    rng.pick(['Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo']),
    look,
    palette,
    rng.fork('character'),
  );
  const pose = rng.pick(
    COMPANION_POSES[action].filter((p) => p !== 'drawing a bow' || look.weapon === 'bow'),
  );
  const drawn = drawCharacter(
    person,
    pose,
    { x, y: ground, size: rng.range(0.42, 0.5) * H, mirror: side < 0 },
    {
      ambient: light.ambient,
      amount,
      rim: mix(c.P.rim, '#ffffff', 0.2),
      glow: palette.glow,
      glowCore: palette.glowCore,
      side: side,
      detail: c.pixelScale >= 0.75,
    },
    rng.fork('figure'),
  );
  c.parts.push(drawn.svg);
}

/** A flock of birds wheeling in the sky. */
function birds(c: Canvas): void {
  let d = '';
  const cx = c.rng.range(0.2, 0.8) * W;
  const cy = c.rng.range(0.12, 0.3) * H;
  for (let i = 0; i < 9; i++) {
    const x = cx + c.rng.gauss() * 90;
    const y = cy + c.rng.gauss() * 40;
    const s = c.rng.range(7, 14);
    d += `M${n(x - s)} ${n(y - s * 0.3)}Q${n(x - s * 0.4)} ${n(y - s * 0.6)} ${n(x)} ${n(y)}Q${n(x + s * 0.4)} ${n(y - s * 0.6)} ${n(x + s)} ${n(y - s * 0.3)}`;
  }
  c.parts.push(
    `<path d="${d}" stroke="${mix(c.P.nearLand, '#000000', 0.5)}" stroke-width="2.5" fill="none" stroke-linecap="round"/>`,
  );
}

const ACTION_WORDS: Record<SceneAction, string> = {
  travel: 'on the road',
  fight: 'in the thick of a fight',
  discover: 'at the moment of a discovery',
  parley: 'in a tense parley',
  rest: 'at rest',
  escape: 'in flight from danger',
  ritual: 'in the middle of a rite',
  celebrate: 'celebrating',
};

function describe(request: IllustrationRequest, scene: DrawnScene, look: string): string {
  const where = scene.place
    ? `at ${scene.place}, ${LANDSCAPE_WORDS[scene.landscape]}`
    : LANDSCAPE_WORDS[scene.landscape];
  const people = scene.companions.map((m) =>
    m.name === 'birds'
      ? 'a flock of birds wheeling overhead'
      : m.animal && m.kind === CREATURE_COMPANIONS.dragon.kind
        ? ANIMAL_NOUNS.dragon
        : `${m.name}, ${m.kind}`,
  );
  const hero = request.hero;
  return [
    `Chapter ${request.chapterNumber}, “${request.title}”: ${hero.name}, with ${look}, ${POSE_WORDS[scene.pose]} ${where} ${TIME_WORDS[scene.timeOfDay]}${WEATHER_WORDS[scene.weather]}, ${ACTION_WORDS[scene.action]}.`,
    people.length ? `With ${people.join(' and ')}.` : '',
    scene.moment ?? '',
    `Lit in the light of ${withIndefiniteArticle(hero.western.element.toLowerCase())}-born hero.`,
  ]
    .filter(Boolean)
    .join(' ');
}
