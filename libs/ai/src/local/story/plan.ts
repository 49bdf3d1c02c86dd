/**
 * Story plans, made and revised offline: pure functions of the hero (and of the chapters written so
 * far), so every worker that writes a chapter of a book sees the same cast, places and arc.
 */
import { chapterPosition, sentencesOf } from '../../chapter-format.js';
import { Rng } from '../../prng.js';
import {
  ARC_STAGES,
  type ArcStage,
  type CastMember,
  type Landscape,
  type PlannedChapter,
  type PlannedPlace,
  type PlannedScene,
  type PlanTimeOfDay,
  type PlanWeather,
  type SceneKind,
  type StoryPlan,
  type StoryState,
} from '../../story-plan.js';
import type { HeroProfile, PreviousChapter } from '../../types.js';
import { ANIMAL_WORDS } from '../lexicon.js';
import { backstoryCast } from '../backstory.js';
import {
  ALL_LANDSCAPES,
  ANIMAL_ADJECTIVES,
  ANIMAL_TRAITS,
  COMPANION_KINDS,
  COMPANION_TRAITS,
  ELEMENT_LANDSCAPES,
  EPITHETS,
  FOE_AIMS,
  FOE_KINDS,
  LANDSCAPE_PLACES,
  MENTOR_KINDS,
  MENTOR_TRAITS,
  NAME_ENDS,
  NAME_STARTS,
  OBJECT_ADJECTIVES,
  OBJECT_NOUNS,
  PHASE_LANDSCAPES,
  PLACE_ENDS,
  PLACE_STARTS,
  RIVAL_KINDS,
  RIVAL_TRAITS,
  SCENE_ACTIONS,
} from './stock.js';

export interface PlanOptions {
  chaptersTotalCount: number;
  /** The hero's backstory as written: the names it already uses are not given to the new cast. */
  backstory?: string;
  /** What the reader steered so far, newest last. */
  steering?: string[];
}

export interface RevisionOptions {
  /** The chapter about to be written. */
  chapterNumber: number;
  chaptersTotalCount: number;
  /** Every chapter written so far, oldest first. */
  previousChapters: PreviousChapter[];
}

const TIMES: readonly PlanTimeOfDay[] = ['dawn', 'day', 'dusk', 'night'];
const WEATHERS: readonly PlanWeather[] = ['clear', 'rain', 'snow', 'mist', 'storm', 'wind'];

/** The kinds of scene that suit each stage of the arc. */
const STAGE_SCENES: Record<ArcStage, SceneKind[]> = {
  setup: ['arrival', 'council', 'festival', 'discovery', 'crossing'],
  rising: ['chase', 'crossing', 'parley', 'discovery', 'storm', 'ambush', 'trial', 'arrival'],
  midpoint: ['discovery', 'ritual', 'parley', 'trial', 'council', 'rescue'],
  dark: ['betrayal', 'ambush', 'storm', 'rescue', 'vigil', 'siege', 'chase'],
  climax: ['duel', 'siege', 'ritual', 'rescue', 'storm'],
  resolution: ['festival', 'vigil', 'council', 'ritual'],
};

const STAGE_GOALS: Record<ArcStage, string[]> = {
  setup: [
    'Show {hero} at home, let the threat of {foe} arrive, and send {hero} out with {object}.',
    'Bring word of {foe} to {hero}, gather the first companion and set out on the road.',
  ],
  rising: [
    'Put the company on the road toward {place} and let {foe} strike back for the first time.',
    'Test the company on the way to {place}, and let {rival} cross their path.',
  ],
  midpoint: [
    'Reveal what {foe} truly wants, and change what {hero} thinks the quest is for.',
    'Find the secret of {object} and pay a price for it.',
  ],
  dark: [
    'Take away what {hero} relied on: a companion lost, a plan failed, {foe} ahead.',
    'Let the company split and {hero} doubt the road, until one small hope remains.',
  ],
  climax: [
    'Bring {hero} face to face with {foe} at {place} and make every companion count.',
    'Turn everything the company learned against {foe} in one last stand at {place}.',
  ],
  resolution: [
    'Close the story: the danger ended, the companions honoured, {hero} changed and home.',
    'Settle every thread: the cost counted, the rival answered, and a new morning for {hero}.',
  ],
};

/** The key moment of each kind of scene; {hero}, {a}, {b} (companions), {place}, {object}, {foe}, {rival}. */
const MOMENTS: Record<SceneKind, string[]> = {
  arrival: [
    '{hero} and {a} reach the gates of {place} just as the lamps are lit.',
    '{a} points out the first roofs of {place} while {hero} holds up {object} to catch the light.',
  ],
  crossing: [
    '{hero} leads {a} across the last stretch to {place}, {object} held high.',
    '{a} steadies the rope while {hero} crosses into {place}.',
  ],
  chase: [
    '{hero} and {a} run through {place} with the hunters of {foe} close behind.',
    '{a} cuts the bridge behind them as {hero} leaps the last gap in {place}.',
  ],
  storm: [
    '{hero} shields {a} with {object} while the storm tears across {place}.',
    '{hero} climbs into the wind above {place} to find {a} again.',
  ],
  rescue: [
    '{hero} reaches through the dark of {place} and pulls {a} free.',
    '{a} and {hero} break the chains in {place} while {object} burns bright.',
  ],
  parley: [
    '{hero} sets {object} on the table between them and {rival} in {place}.',
    '{hero} offers {rival} an open hand in {place} while {a} watches the door.',
  ],
  council: [
    '{hero} spreads the map of {place} before {a} and {b} and marks the road.',
    'In {place}, {a} raises a cup to {hero} and the company agrees on the plan.',
  ],
  betrayal: [
    '{rival} takes {object} from {hero} in {place} and walks away without a word.',
    '{hero} finds the camp in {place} empty except for {rival}’s broken seal.',
  ],
  ambush: [
    '{hero} draws their weapon as the servants of {foe} rise around {a} in {place}.',
    '{a} shouts a warning a heartbeat before the ambush closes in {place}.',
  ],
  duel: [
    '{hero} meets {foe} blade to blade on the heights of {place}.',
    '{hero} stands against {foe} in {place} with {object} blazing in one hand.',
  ],
  siege: [
    '{hero} and {a} hold the last gate of {place} against {foe}.',
    '{hero} lights the beacon of {place} while {a} keeps the wall.',
  ],
  discovery: [
    '{a} holds the lantern while {hero} opens the hidden door in {place}.',
    '{hero} finds {object} where the old stories said it would be, in {place}.',
  ],
  trial: [
    '{hero} answers the riddle of the guardian of {place} while {a} waits outside the circle.',
    '{hero} walks the trial path of {place} alone, {object} the only light.',
  ],
  ritual: [
    '{hero} raises {object} at the heart of {place} as {a} speaks the old words.',
    '{a} and {b} join hands with {hero} in a ring of light in {place}.',
  ],
  vigil: [
    '{hero} keeps watch over the sleeping company in {place}, {object} in their lap.',
    '{a} and {hero} sit by a small fire in {place}, talking until the stars fade.',
  ],
  festival: [
    '{hero} dances with {a} in the square of {place} under paper lanterns.',
    'The people of {place} lift {hero} onto their shoulders while {a} laughs.',
  ],
};

// ---------------------------------------------------------------- names

function personName(rng: Rng, taken: Set<string>): string {
  for (let tries = 0; tries < 50; tries++) {
    const given = `${rng.pick(NAME_STARTS)}${rng.pick(NAME_ENDS)}`;
    const name = rng.chance(0.2) ? `${given} ${rng.pick(EPITHETS)}` : given;
    if (!taken.has(name.split(' ')[0]!)) {
      taken.add(name.split(' ')[0]!);
      return name;
    }
  }
  throw new Error('name stock exhausted');
}

function placeWord(rng: Rng, taken: Set<string>): string {
  for (let tries = 0; tries < 50; tries++) {
    const word = `${rng.pick(PLACE_STARTS)}${rng.pick(PLACE_ENDS)}`;
    if (!taken.has(word)) {
      taken.add(word);
      return word;
    }
  }
  throw new Error('place stock exhausted');
}

const animalNoun = (sign: string) =>
  (ANIMAL_WORDS[sign]?.noun ?? sign.split('/')[0]!.trim()).toLowerCase() || 'fox';
const phaseOf = (chineseElement: string) => chineseElement.split(/\s+/).at(-1) ?? '';

/** The number of places a book of `total` chapters visits: a new one about every other chapter. */
const placeCount = (total: number) => Math.min(14, Math.max(3, Math.ceil(total * 0.6) + 1));

// ---------------------------------------------------------------- arc

/** The arc stage of chapter `n` of `total`: the last chapter resolves, the others climb to the climax. */
export function stageOf(n: number, total: number): ArcStage {
  if (n >= total) return 'resolution';
  if (total === 2) return 'setup';
  const index = Math.round(((n - 1) * 4) / (total - 2));
  return ARC_STAGES[Math.min(4, index)]!;
}

// ---------------------------------------------------------------- planStory

export function planStory(hero: HeroProfile, options: PlanOptions): StoryPlan {
  const { total } = chapterPosition({ chapterNumber: 1, chaptersTotalCount: options.chaptersTotalCount });
  const rng = new Rng(`starborn:${hero.heroId}`).fork('story-plan');
  const names = new Set<string>();
  // No one in the cast shares a name with the hero or with someone of the hero's backstory.
  for (const word of heroName(hero).split(' ')) names.add(word);
  for (const word of options.backstory?.match(/\b[A-Z][a-z]{2,}\b/g) ?? []) names.add(word);

  const animal = animalNoun(hero.chinese.sign);
  const companionCount = rng.chance(0.5) ? 3 : 2;
  const cast: CastMember[] = [
    {
      name: personName(rng, names),
      kind: `a ${rng.pick(ANIMAL_ADJECTIVES)} ${animal}`,
      role: 'companion',
      trait: rng.pick(ANIMAL_TRAITS),
    },
  ];
  const kinds = rng.sample(COMPANION_KINDS, companionCount - 1);
  const traits = rng.sample(COMPANION_TRAITS, companionCount - 1);
  kinds.forEach((kind, i) =>
    cast.push({ name: personName(rng, names), kind, role: 'companion', trait: traits[i]! }),
  );
  cast.push({
    name: personName(rng, names),
    kind: rng.pick(RIVAL_KINDS),
    role: 'rival',
    trait: rng.pick(RIVAL_TRAITS),
  });
  cast.push({
    name: personName(rng, names),
    kind: rng.pick(MENTOR_KINDS),
    role: 'mentor',
    trait: rng.pick(MENTOR_TRAITS),
  });

  const objectNouns = rng.sample(OBJECT_NOUNS, 3);
  const objectAdjectives = rng.sample(OBJECT_ADJECTIVES, 3);
  const objects = objectNouns.map((noun, i) => `the ${objectAdjectives[i]} ${noun}`);

  const foeName = `${personName(rng, names)}`;
  const foeKind = rng.pick(FOE_KINDS);
  // Places come last: their number depends on the book's length, and everything drawn before
  // them (cast, objects, the antagonist) should not.
  const placeNames = new Set<string>();
  const landscapes = landscapesFor(hero, rng);
  const places: PlannedPlace[] = Array.from({ length: placeCount(total) }, (_, i) =>
    makePlace(landscapes[i % landscapes.length]!, rng, placeNames),
  );

  const hometown = hometownOf(hero, options.backstory);
  const home = hometown ?? places[0]!.name;
  const aim = rng.pick(FOE_AIMS).replace('{home}', home);
  const conflict = `${foeName}, ${foeKind}, means to ${aim}. Only ${objects[0]}, and whatever ${objects[1]} opens, can stop it.`;
  const title = bookTitle(rng, objects, places, foeName);

  const plan: StoryPlan = {
    version: 1,
    chaptersTotalCount: total,
    title,
    conflict,
    cast,
    places,
    objects,
    chapters: [],
    state: { chapterNumber: 0, location: home, companionsWithHero: [], objectsHeld: [], events: [] },
    steering: [...(options.steering ?? [])],
    antagonist: { name: foeName, kind: foeKind, aim },
    heroId: hero.heroId,
    heroName: heroName(hero),
    ...(hometown ? { hometown } : {}),
  };
  plan.chapters = planChapters(plan, hero, 1, total, []);
  plan.state = stateAfter(plan, 0, []);
  return plan;
}

/**
 * The hero's hometown as its backstory names it. The local backstory's homeland is known from the hero
 * (the same world its text was written from); another writer's backstory is read for the first place
 * the hero was "born in" ("born in the terraced valleys of Tororeach" → Tororeach, "born in Port
 * Sable" → Port Sable). Undefined without a backstory or a birthplace in it.
 */
export function hometownOf(hero: HeroProfile, backstory: string | undefined): string | undefined {
  if (!backstory) return undefined;
  const text = backstory.replace(/[*_]/g, '');
  const homeland = String(backstoryCast(hero).homeland ?? '');
  if (homeland && text.includes(homeland)) return homeland;
  return /\bborn (?:in|at|among) (?:[^.]*? of )?((?:[A-Z][\w'’-]+)(?: [A-Z][\w'’-]+)*)/.exec(text)?.[1];
}

function heroName(hero: HeroProfile): string {
  return hero.name.replace(/\s+/g, ' ').trim() || 'the hero';
}

function landscapesFor(hero: HeroProfile, rng: Rng): Landscape[] {
  const own = ELEMENT_LANDSCAPES[hero.western.element] ?? ['forest', 'mountains', 'coast'];
  const phase = PHASE_LANDSCAPES[phaseOf(hero.chinese.element)] ?? [];
  const others = ALL_LANDSCAPES.filter((l) => !own.includes(l) && !phase.includes(l));
  // Home is one of the element's landscapes; the road leads through the rest and a little beyond.
  const [first, ...rest] = rng.shuffle(own);
  const mix = rng.shuffle([...rest, ...rng.sample(phase, 1), ...rng.sample(others, 2)]);
  return [...new Set([first!, ...mix])];
}

function makePlace(landscape: Landscape, rng: Rng, taken: Set<string>): PlannedPlace {
  const stock = LANDSCAPE_PLACES[landscape];
  return {
    name: rng.pick(stock.names).replace('{n}', placeWord(rng, taken)),
    landscape,
    description: `${upper(rng.pick(stock.descriptions))}.`,
  };
}

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function bookTitle(rng: Rng, objects: string[], places: PlannedPlace[], foe: string): string {
  const noun = (object: string) => object.replace(/^the /, '').split(' ').at(-1)!;
  const capital = (object: string) => object.replace(/^the /, '').split(' ').map(upper).join(' ');
  const far = places.at(-1)!.name.replace(/^the /, 'the ');
  return upper(
    rng.pick([
      `The ${capital(objects[0]!)} and ${far}`,
      `${foe} and the ${upper(noun(objects[1]!))}`,
      `The Road to ${far}`,
      `The Keeper of the ${capital(objects[0]!)}`,
      `Beyond ${far}`,
    ]),
  );
}

// ---------------------------------------------------------------- chapters

/** The chapters `from`…`total` of a plan, each with a scene unlike every earlier chapter's. */
function planChapters(
  plan: StoryPlan,
  hero: HeroProfile,
  from: number,
  total: number,
  earlier: PlannedChapter[],
): PlannedChapter[] {
  const chapters = [...earlier];
  for (let n = from; n <= total; n++) chapters.push(planChapter(plan, hero, n, total, chapters));
  return chapters;
}

function planChapter(
  plan: StoryPlan,
  hero: HeroProfile,
  n: number,
  total: number,
  earlier: PlannedChapter[],
): PlannedChapter {
  // Seeded by the chapter number and the book's length, so re-planning a grown book changes only
  // the chapters not yet written.
  const rng = new Rng(`starborn:${hero.heroId}`).fork(`story-plan/chapter:${n}/${total}`);
  const stage = stageOf(n, total);
  const companions = plan.cast.filter((c) => c.role === 'companion');
  const rival = plan.cast.find((c) => c.role === 'rival')!;
  const mentor = plan.cast.find((c) => c.role === 'mentor')!;
  const foe = plan.antagonist?.name ?? 'the enemy';

  // Companions join one by one: the animal from the start, the others over the first chapters.
  const joined = companions.filter((_, i) => i === 0 || n >= 1 + i || stage === 'resolution');
  const place = placeFor(plan, n, total, stage, earlier);
  const used = new Set(earlier.map(sceneKey));
  const moments = new Set(earlier.map((c) => c.scene.moment));
  let scene: PlannedScene | null = null;
  for (let tries = 0; tries < 40 && !scene; tries++) {
    // Kinds of scene the book has not had yet come first, so chapters do not repeat each other.
    const usedKinds = new Set(earlier.map((c) => c.scene.kind));
    const fresh = STAGE_SCENES[stage].filter((k) => !usedKinds.has(k));
    const kind = rng.pick(fresh.length && tries < 20 ? fresh : STAGE_SCENES[stage]);
    const present = rng.sample(joined, rng.int(Math.min(2, joined.length), Math.min(3, joined.length)));
    if (['parley', 'betrayal', 'duel'].includes(kind) || (stage === 'rising' && rng.chance(0.3)))
      present.push(rival);
    if ((stage === 'setup' || stage === 'midpoint') && rng.chance(0.5)) present.push(mentor);
    const a = present[0]!.name;
    const b = present[1]?.name;
    const templates = MOMENTS[kind].filter((m) => b || !m.includes('{b}'));
    if (!templates.length) continue;
    const object = plan.objects[Math.min(plan.objects.length - 1, Math.floor((n - 1) / 3) % 3)]!;
    const moment = rng
      .pick(templates)
      .replace(/\{hero\}/g, heroName(hero))
      .replace(/\{a\}/g, a)
      .replace(/\{b\}/g, b ?? a)
      .replace(/\{place\}/g, place.name)
      .replace(/\{object\}/g, object)
      .replace(/\{foe\}/g, foe)
      .replace(/\{rival\}/g, rival.name);
    const candidate: PlannedScene = {
      place: place.name,
      landscape: place.landscape,
      timeOfDay: rng.pick(TIMES),
      weather: kind === 'storm' ? 'storm' : rng.pick(WEATHERS),
      companions: [...new Set(present.map((c) => c.name))],
      action: SCENE_ACTIONS[kind],
      moment: upper(moment),
      kind,
    };
    if (!used.has(sceneKey({ scene: candidate })) && !moments.has(candidate.moment)) scene = candidate;
  }
  if (!scene) throw new Error(`no fresh scene for chapter ${n}`);
  const goal = upper(
    rng
      .pick(STAGE_GOALS[stage])
      .replace(/\{hero\}/g, heroName(hero))
      .replace(/\{foe\}/g, foe)
      .replace(/\{rival\}/g, rival.name)
      .replace(/\{place\}/g, place.name)
      .replace(/\{object\}/g, plan.objects[0]!),
  );
  const objectFound = objectFoundIn(plan, n, total);
  return { chapterNumber: n, stage, goal, scene, ...(objectFound ? { objectFound } : {}) };
}

/** Two scenes are the same when they share place, time, weather and kind of moment. */
const sceneKey = (c: { scene: PlannedScene }) =>
  [c.scene.place, c.scene.timeOfDay, c.scene.weather, c.scene.kind ?? c.scene.action].join('|');

/** Chapter 1 is at home; the road then moves on most chapters; the climax is at the farthest place. */
function placeFor(
  plan: StoryPlan,
  n: number,
  total: number,
  stage: ArcStage,
  earlier: PlannedChapter[],
): PlannedPlace {
  const places = plan.places;
  if (n === 1) return places[0]!;
  if (stage === 'climax') return places.at(-1)!;
  // The story ends where it began, unless the book is so short that its climax is the ending.
  if (stage === 'resolution') return total >= 3 ? places[0]! : places.at(-1)!;
  const previous = earlier.at(-1)?.scene.place;
  const index = 1 + ((n - 2) % Math.max(1, places.length - 1));
  const place = places[index]!;
  return place.name === previous ? (places[(index % (places.length - 1)) + 1] ?? places[0]!) : place;
}

/** The second object turns up at the first quarter of the book, the third at its middle. */
function objectFoundIn(plan: StoryPlan, n: number, total: number): string | undefined {
  if (n === 1) return plan.objects[0];
  if (total >= 3 && n === Math.max(2, Math.round(total / 4) + 1)) return plan.objects[1];
  if (total >= 4 && n === Math.max(3, Math.round(total / 2) + 1)) return plan.objects[2];
  return undefined;
}

// ---------------------------------------------------------------- revise

export function revisePlan(plan: StoryPlan, options: RevisionOptions): StoryPlan {
  const { chapterNumber, total } = chapterPosition(options);
  const heroSeed = planHero(plan);
  let chapters = plan.chapters;
  if (total !== plan.chaptersTotalCount || chapters.length !== total) {
    // Chapters already written keep their entries; the rest are planned again for the new length.
    const kept = chapters.filter((c) => c.chapterNumber < chapterNumber).slice(0, chapterNumber - 1);
    chapters = planChapters(plan, heroSeed, kept.length + 1, total, kept);
  }
  const revised: StoryPlan = { ...plan, chaptersTotalCount: total, chapters };
  revised.state = stateAfter(revised, chapterNumber - 1, options.previousChapters);
  return revised;
}

/**
 * The hero as far as re-planning needs it: seeds come from the id kept in the plan, names from the
 * moments already planned. A plan made by planStory always carries both.
 */
function planHero(plan: StoryPlan): HeroProfile {
  const id = plan.heroId ?? plan.title;
  return {
    heroId: id,
    name: plan.heroName ?? 'the hero',
    western: { sign: '', dateRange: '', element: '', traits: [], strengths: [], weaknesses: [] },
    chinese: { sign: '', element: '', years: [], traits: [], compatibility: [] },
  };
}

/** Where the story stands after chapter `written`: place, company, objects and one line per chapter. */
function stateAfter(plan: StoryPlan, written: number, previous: PreviousChapter[]): StoryState {
  const done = plan.chapters.filter((c) => c.chapterNumber <= written);
  const last = done.at(-1);
  const companionNames = new Set(plan.cast.filter((c) => c.role === 'companion').map((c) => c.name));
  const met: string[] = [];
  for (const chapter of done)
    for (const name of chapter.scene.companions)
      if (companionNames.has(name) && !met.includes(name)) met.push(name);
  const held = done.flatMap((c) => (c.objectFound ? [c.objectFound] : []));
  const events = previous
    .filter((p) => p.chapterNumber <= written)
    .sort((a, b) => a.chapterNumber - b.chapterNumber)
    .map((p) => `Chapter ${p.chapterNumber}: ${sentencesOf(p.summary)[0] ?? p.title}`);
  return {
    chapterNumber: written,
    location: last?.scene.place ?? plan.places[0]?.name ?? '',
    companionsWithHero: met,
    objectsHeld: [...new Set(held)],
    events,
  };
}

export function sceneOfChapter(plan: StoryPlan, chapterNumber: number): PlannedScene {
  const chapter = plan.chapters.find((c) => c.chapterNumber === chapterNumber);
  if (!chapter) throw new RangeError(`the plan has no chapter ${chapterNumber}`);
  return chapter.scene;
}
