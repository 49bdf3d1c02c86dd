/**
 * The world a hero's storybook takes place in, and the plan of its chapters. Everything here is
 * drawn from the hero id, so every chapter of one story (written on different days, by different
 * worker processes) sees the same homeland, companions, places and threat.
 *
 * The storybook continues the backstory: same homeland, mentor, old foe, companions, rival and
 * weapon. A story follows one premise (a threat and a quest). When a story that already ended grows
 * longer (a short story extended with more chapters), the next chapters open a new story with the
 * next premise.
 */
import { Rng } from '../prng.js';
import type { HeroProfile } from '../types.js';
import type { ArcKind } from './chapter-arcs.js';
import {
  CHAPTER_NAMES,
  ELEMENT_CHAPTER_WORDS,
  ENVOY_PRICES,
  ENVOY_ROLES,
  HOSTAGES,
  NEW_ALLY_ROLES,
  PLACE_KINDS,
  PREMISES,
  PROPHECIES,
  TRIAL_GIFTS,
  type ElementChapterWords,
  type Premise,
} from './chapter-lexicon.js';
import { backstoryCast, placeName } from './backstory.js';
import { ANIMAL_WORDS } from './lexicon.js';
import { westernElementOf } from './palette.js';
import type { Ctx } from './grammar.js';

export interface Place {
  /** 'the salt town of Velmere' */
  full: string;
  /** 'Velmere' */
  short: string;
  /** 'where the houses are cut from grey salt…' (reads after a comma) */
  desc: string;
}

/** The people and objects of one premise's story (another premise, another envoy and ally). */
export interface PremiseCast {
  premise: Premise;
  threat: string;
  envoy: string;
  envoyPronoun: Pronoun;
  envoyRole: string;
  newAlly: string;
  newAllyPronoun: Pronoun;
  newAllyRole: string;
  newAllyAnimal: string;
  trialGift: string;
  hostage: string;
  envoyPrice: string;
  prophecy: string;
}

type Pronoun = { they: string; them: string; their: string };
const PRONOUNS: readonly Pronoun[] = [
  { they: 'she', them: 'her', their: 'her' },
  { they: 'he', them: 'him', their: 'his' },
];

export interface StoryWorld {
  hero: HeroProfile;
  /** The backstory's constants (homeland, mentor, foe, allyName1, allyName2, rival, …). */
  cast: Readonly<Ctx>;
  elementWords: ElementChapterWords;
  weaponNoun: string;
  mentorShort: string;
  /** The premises in the order this hero's stories follow them. */
  premises: readonly PremiseCast[];
  homeland: Place;
  /** The order of the middle arcs and which is told first when there is room for only one. */
  middleOrder: readonly ArcKind[];
  middlePriority: readonly ArcKind[];
  /** Paragraph templates for padding, in this story's order. */
  textureOrder: readonly number[];
  /** Places of chapters 2, 3, … (index 0 is chapter 2). */
  placeAt(chapterNumber: number): Place;
}

const MIDDLE_ARCS: readonly ArcKind[] = [
  'journey',
  'ally',
  'trial',
  'hunt',
  'respite',
  'betrayal',
  'revelation',
];

export function storyWorld(hero: HeroProfile, textureCount: number): StoryWorld {
  const rng = new Rng(`starborn:${hero.heroId}`).fork('storybook');
  const cast = backstoryCast(hero);
  const mentorShort = cast.mentor!.split(' ')[0]!;
  const weaponNoun = cast.weaponShort!.split(' ').at(-1)!;
  const elementWords = ELEMENT_CHAPTER_WORDS[westernElementOf(hero.western.element)]!;

  // New people get names nobody in the backstory has.
  const taken = new Set(
    [cast.name, mentorShort, cast.allyName1, cast.allyName2, cast.rival].map((n) => n!.split(' ')[0]!),
  );
  const names = rng.fork('names').shuffle(CHAPTER_NAMES.filter((n) => !taken.has(n)));
  const alliesTaken = new Set([hero.chinese.sign, cast.ally1, cast.ally2]);
  const allyAnimals = [
    ...hero.chinese.compatibility.filter((a) => a && !alliesTaken.has(a)),
    ...['Dragon', 'Rabbit', 'Dog', 'Horse', 'Ox', 'Rooster'].filter((a) => !alliesTaken.has(a)),
  ];
  const premises = rng
    .fork('premises')
    .shuffle(PREMISES)
    .map((premise, index): PremiseCast => {
      const p = rng.fork(`premise:${premise.id}`);
      const allyAnimal = allyAnimals[index % allyAnimals.length]!;
      return {
        premise,
        threat: p.pick(premise.threats),
        envoy: names[(2 * index) % names.length]!,
        envoyPronoun: p.pick(PRONOUNS),
        envoyRole: p.pick(ENVOY_ROLES),
        newAlly: names[(2 * index + 1) % names.length]!,
        newAllyPronoun: p.pick(PRONOUNS),
        newAllyRole: p.pick(NEW_ALLY_ROLES),
        newAllyAnimal: ANIMAL_WORDS[allyAnimal]?.noun ?? allyAnimal.split('/')[0]!,
        trialGift: p.pick(TRIAL_GIFTS),
        hostage: p.pick(HOSTAGES),
        envoyPrice: p.pick(ENVOY_PRICES),
        prophecy: p.pick(PROPHECIES),
      };
    });

  const order = rng.fork('arcs');
  const journeyFirst = order.chance(0.5);
  const middleOrder: ArcKind[] = [...MIDDLE_ARCS];
  if (!journeyFirst) swap(middleOrder, 'journey', 'ally');
  if (order.chance(0.5)) swap(middleOrder, 'trial', 'hunt');
  if (order.chance(0.5)) swap(middleOrder, 'hunt', 'respite');
  const [first, second]: ArcKind[] = order.chance(0.5) ? ['journey', 'trial'] : ['trial', 'journey'];
  const middlePriority: ArcKind[] = [first!, 'revelation', 'ally', 'betrayal', second!, 'hunt', 'respite'];

  const homeland: Place = { full: cast.homeland!, short: cast.homeland!, desc: `where ${cast.name} grew up` };
  const places = placeSequence(rng.fork('places'), cast.homeland!);
  return {
    hero,
    cast,
    elementWords,
    weaponNoun,
    mentorShort,
    premises,
    homeland,
    middleOrder,
    middlePriority,
    textureOrder: rng.fork('textures').shuffle(Array.from({ length: textureCount }, (_, i) => i)),
    placeAt: (chapterNumber) => places(Math.max(0, chapterNumber - 2)),
  };
}

function swap(list: ArcKind[], a: ArcKind, b: ArcKind): void {
  const i = list.indexOf(a);
  const j = list.indexOf(b);
  [list[i], list[j]] = [list[j]!, list[i]!];
}

/** An endless, deterministic sequence of distinct places: the landmarks once, invented towns forever. */
function placeSequence(rng: Rng, homeland: string): (index: number) => Place {
  const kinds = rng.shuffle(PLACE_KINDS);
  const townKinds = kinds.filter((k) => k.named);
  const made: Place[] = [];
  const usedNames = new Set([homeland]);
  const inventName = () => {
    for (let i = 0; i < 50; i++) {
      const name = placeName(rng);
      if (!usedNames.has(name)) {
        usedNames.add(name);
        return name;
      }
    }
    return `${placeName(rng)}${made.length}`;
  };
  return (index) => {
    while (made.length <= index) {
      const n = made.length;
      const kind = n < kinds.length ? kinds[n]! : townKinds[(n - kinds.length) % townKinds.length]!;
      const name = kind.named ? inventName() : '';
      made.push({
        full: kind.full.replace('{X}', name),
        short: kind.short.replace('{X}', name),
        desc: kind.desc,
      });
    }
    return made[index]!;
  };
}

/** The arcs of a story of `total` chapters told from chapter 1, in order. */
export function storyPlan(world: StoryWorld, total: number): ArcKind[] {
  if (total <= 1) return ['tale'];
  if (total === 2) return ['call', 'finale'];
  const middleCount = total === 3 ? 1 : total - 3;
  const chosen = new Set(world.middlePriority.slice(0, middleCount));
  const middles = world.middleOrder.filter((arc) => chosen.has(arc));
  // Longer stories than the arcs allow travel, are tested and rest more than once.
  const extras: ArcKind[] = ['journey', 'trial', 'respite'];
  for (let k = 0; middles.length < middleCount; k++) middles.splice(4 + k, 0, extras[k % extras.length]!);
  return total === 3 ? ['call', ...middles, 'finale'] : ['call', ...middles, 'darkest', 'finale'];
}

export const endsStory = (arc: ArcKind | null) => arc === 'finale' || arc === 'tale';

/**
 * The arc of chapter n. A chapter after one that ended the story opens a new story (a tale when it
 * is also the last); otherwise the plan for the story's current length decides.
 */
export function arcOf(
  world: StoryWorld,
  chapterNumber: number,
  total: number,
  previousArc: ArcKind | null,
): ArcKind {
  if (endsStory(previousArc)) return chapterNumber >= total ? 'tale' : 'call';
  if (chapterNumber === 1) return total === 1 ? 'tale' : 'call';
  if (chapterNumber >= total) return 'finale';
  return storyPlan(world, total)[chapterNumber - 1]!;
}

/** Where chapter n of an arc takes place. Opening chapters are at home; the finale at the goal. */
export function placeOf(world: StoryWorld, premise: PremiseCast, chapterNumber: number, arc: ArcKind): Place {
  if (arc === 'call' || arc === 'tale') return world.homeland;
  if (arc === 'finale') return premise.premise.goal;
  return world.placeAt(chapterNumber);
}

/** The premise whose threat a text names first (summaries always name their threat), or null. */
export function premiseNamedIn(world: StoryWorld, text: string): PremiseCast | null {
  let best: { cast: PremiseCast; at: number } | null = null;
  const lower = text.toLowerCase();
  for (const cast of world.premises) {
    const at = lower.indexOf(cast.threat.toLowerCase());
    if (at >= 0 && (!best || at < best.at)) best = { cast, at };
  }
  return best?.cast ?? null;
}

/** The premise told after this one (when a story that ended is continued). */
export function premiseAfter(world: StoryWorld, premise: PremiseCast): PremiseCast {
  const index = world.premises.indexOf(premise);
  return world.premises[(index + 1) % world.premises.length]!;
}
