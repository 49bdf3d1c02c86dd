/**
 * The local chapter writer: one chapter of a hero's storybook, from a seeded grammar, offline.
 *
 * The story's world and plan come from chapter-world.ts; the prose from the arcs of
 * chapter-arcs.ts. Chapter n continues chapter n − 1: it recognises its own previous chapter by
 * the title (a title tells which arc wrote it) and the threat its summary names, opens by recalling
 * what happened there, and closes by pointing at the next chapter's place. A previous chapter it
 * did not write (another provider) is recalled through its summary instead. Deterministic: the
 * same request always gives the same chapter.
 */
import {
  bareTitle,
  CHAPTER_MAX_WORDS,
  CHAPTER_MIN_WORDS,
  chapterHeading,
  chapterPosition,
  countWords,
  SCENE_BREAK,
} from '../chapter-format.js';
import { Rng } from '../prng.js';
import type { ChapterRequest, PreviousChapter, WrittenChapter } from '../types.js';
import {
  ARCS,
  ARRIVALS,
  CHAPTER_RULES,
  FOREIGN_BRIDGES,
  HOOK_ENDINGS,
  HOOKS,
  NEXT_HINTS,
  PLACE_SCENES,
  SEQUEL_OPENINGS,
  TEXTURES,
  type ArcKind,
} from './chapter-arcs.js';
import {
  arcOf,
  endsStory,
  placeOf,
  premiseAfter,
  premiseNamedIn,
  storyPlan,
  storyWorld,
  type PremiseCast,
  type StoryWorld,
} from './chapter-world.js';
import { expand, tidyParagraph, upperFirst, type Ctx, type Rules } from './grammar.js';

interface Paragraph {
  text: string;
  /** May be dropped to stay under the word limit. */
  optional: boolean;
}

/** Where the story stands when chapter n is written. */
interface Situation {
  world: StoryWorld;
  chapterNumber: number;
  total: number;
  arc: ArcKind;
  premise: PremiseCast;
  /** The previous chapter's arc, when this writer recognises it as its own. */
  previousArc: ArcKind | null;
  previousPremise: PremiseCast | null;
  /** A previous chapter exists but was not written by this writer (or not for this story). */
  foreignPrevious: PreviousChapter | null;
}

const ALL_ARCS = Object.keys(ARCS) as ArcKind[];

export function writeLocalChapter(request: ChapterRequest): WrittenChapter {
  const { chapterNumber, total } = chapterPosition(request);
  const world = storyWorld(request.hero, TEXTURES.length);
  const situation = situate(world, chapterNumber, total, request.previousChapter);
  const rng = chapterRng(situation.world, chapterNumber, situation.arc, situation.premise);
  const rules = CHAPTER_RULES;
  const ctx = chapterContext(situation, rng.fork('context'), rules);

  const title = titleOf(world, chapterNumber, situation.arc, situation.premise);
  const body = rng.fork('body');
  const paragraphs = [
    ...opening(situation, ctx, rules, body),
    ...arcBody(situation, ctx, rules, body),
    ...closing(situation, ctx, rules, body),
  ];
  const markdown = fitToLength(chapterHeading(chapterNumber, title), paragraphs, situation, ctx, rules, body);
  const summary = tidyParagraph(
    expand(rng.fork('summary').pick(ARCS[situation.arc].summaries), ctx, rules, rng),
  );
  return { title, markdown, summary };
}

// ---------------------------------------------------------------- continuity

function situate(
  world: StoryWorld,
  chapterNumber: number,
  total: number,
  previous: PreviousChapter | null,
): Situation {
  const first = world.premises[0]!;
  if (chapterNumber === 1 || !previous) {
    // No previous chapter to read: follow the plan of this story.
    const previousArc = chapterNumber === 1 ? null : arcOf(world, chapterNumber - 1, total, null);
    return {
      world,
      chapterNumber,
      total,
      arc: arcOf(world, chapterNumber, total, previousArc),
      premise: first,
      previousArc,
      previousPremise: chapterNumber === 1 ? null : first,
      foreignPrevious: null,
    };
  }
  const named = premiseNamedIn(world, `${previous.summary} ${previous.title}`);
  const candidatePremise = named ?? first;
  const wanted = bareTitle(previous.title).toLowerCase();
  const previousArc =
    ALL_ARCS.find(
      (arc) => titleOf(world, chapterNumber - 1, arc, candidatePremise).toLowerCase() === wanted,
    ) ?? null;
  if (!previousArc) {
    // Someone else wrote the previous chapter: carry on this story's plan, recalling theirs.
    return {
      world,
      chapterNumber,
      total,
      arc: arcOf(world, chapterNumber, total, null),
      premise: candidatePremise,
      previousArc: null,
      previousPremise: null,
      foreignPrevious: previous,
    };
  }
  return {
    world,
    chapterNumber,
    total,
    arc: arcOf(world, chapterNumber, total, previousArc),
    premise: endsStory(previousArc) ? premiseAfter(world, candidatePremise) : candidatePremise,
    previousArc,
    previousPremise: candidatePremise,
    foreignPrevious: null,
  };
}

function chapterRng(world: StoryWorld, chapterNumber: number, arc: ArcKind, premise: PremiseCast): Rng {
  return new Rng(`starborn:${world.hero.heroId}`).fork(
    `chapter:${chapterNumber}:${arc}:${premise.premise.id}`,
  );
}

/** A chapter's title depends on the hero, the chapter number, its arc and premise only. */
function titleOf(world: StoryWorld, chapterNumber: number, arc: ArcKind, premise: PremiseCast): string {
  const rng = chapterRng(world, chapterNumber, arc, premise).fork('title');
  const place = placeOf(world, premise, chapterNumber, arc);
  const ctx: Ctx = {
    ...world.cast,
    mentorShort: world.mentorShort,
    placeShort: place.short,
    goalShort: premise.premise.goal.short,
    threat: premise.threat,
    envoy: premise.envoy,
    newAllyAnimal: premise.newAllyAnimal,
  };
  return upperFirst(expand(rng.pick(ARCS[arc].titles), ctx, {}, rng));
}

// ---------------------------------------------------------------- context

/**
 * The shared pools (arrivals, town scenes, hooks, weather, landscapes, the hero's magic) are taken
 * in turn through a story, from an offset of its own, so consecutive chapters never share one.
 */
function inTurn<T>(world: StoryWorld, pool: readonly T[], chapterNumber: number, label: string, step = 0): T {
  const offset = new Rng(`starborn:${world.hero.heroId}`).fork(`turn:${label}`).int(0, pool.length - 1);
  return pool[(offset + chapterNumber + step) % pool.length]!;
}

function chapterContext(s: Situation, rng: Rng, rules: Rules): Ctx {
  const { world, premise, chapterNumber, arc } = s;
  const p = premise.premise;
  const ctx: Ctx = { ...world.cast, mentorShort: world.mentorShort, weaponNoun: world.weaponNoun };
  const fill = (template: string) => expand(template, ctx, rules, rng);

  // The premise's people and things.
  Object.assign(ctx, {
    threat: premise.threat,
    envoy: premise.envoy,
    envoyThey: premise.envoyPronoun.they,
    envoyThem: premise.envoyPronoun.them,
    envoyTheir: premise.envoyPronoun.their,
    newAlly: premise.newAlly,
    newAllyRole: premise.newAllyRole,
    newAllyAnimal: premise.newAllyAnimal,
    newAllyThey: premise.newAllyPronoun.they,
    newAllyThem: premise.newAllyPronoun.them,
    newAllyTheir: premise.newAllyPronoun.their,
    hostage: premise.hostage,
    goal: p.goal.full,
    goalShort: p.goal.short,
    goalDesc: p.goal.desc,
    minions: p.minions,
    threatNature: p.threatNature,
    bane: p.bane,
    remnant: p.remnant,
  });
  ctx.envoyRole = fill(premise.envoyRole);
  ctx.questItem = fill(p.questItem);
  for (const [key, template] of Object.entries({
    problem: p.problem,
    symptom: p.symptom,
    stake: p.stake,
    questItemDesc: p.questItemDesc,
    quest: p.quest,
    origin: rng.pick(p.origins),
    finaleAct: p.finaleAct,
    victoryHow: p.victoryHow,
    restored: p.restored,
    restoredShort: p.restoredShort,
    trialGift: premise.trialGift,
    envoyPrice: premise.envoyPrice,
    prophecy: premise.prophecy,
    signHere: inTurn(world, p.signsHere, chapterNumber, 'sign-here'),
    nightSign: inTurn(world, p.nightSigns, chapterNumber, 'night-sign'),
  }))
    ctx[key] = fill(template);

  // The story so far: the foe last defeated, where the company was, is, and goes next.
  const sequel = endsStory(s.previousArc) && s.previousPremise !== null;
  ctx.lastFoe = sequel ? s.previousPremise!.threat : world.cast.foe!;
  ctx.sincePeace = sequel
    ? `the season since the fall of ${ctx.lastFoe}`
    : `the years since the fall of ${ctx.lastFoe}`;
  const place = placeOf(world, premise, chapterNumber, arc);
  Object.assign(ctx, {
    place: place.short,
    placeShort: place.short,
    placeFull: place.full,
    placeDesc: place.desc,
  });
  const previousPlace =
    s.previousArc && s.previousPremise
      ? placeOf(world, s.previousPremise, chapterNumber - 1, s.previousArc)
      : world.homeland;
  ctx.prevPlace = previousPlace.short;
  const words = world.elementWords;
  ctx.land = inTurn(world, words.lands, chapterNumber, 'land');
  ctx.weather = inTurn(world, words.weather, chapterNumber, 'weather');
  ctx.night = inTurn(world, words.nights, chapterNumber, 'night');
  // Two different deeds of the hero's element in one chapter, other ones in the next.
  ctx.act = fill(inTurn(world, words.acts, 2 * chapterNumber, 'act'));
  ctx.act2 = fill(inTurn(world, words.acts, 2 * chapterNumber, 'act', 1));
  ctx.hookEnd = fill(inTurn(world, HOOK_ENDINGS, chapterNumber, 'hook-end'));

  if (!endsStory(arc)) {
    const nextArc = arcOf(world, chapterNumber + 1, s.total, arc);
    const next = placeOf(world, premise, chapterNumber + 1, nextArc);
    Object.assign(ctx, { nextPlace: next.short, nextPlaceFull: next.full });
    ctx.nextHint = fill(rng.pick(NEXT_HINTS[nextArc]));
  } else {
    Object.assign(ctx, {
      nextPlace: world.cast.homeland!,
      nextPlaceFull: world.cast.homeland!,
      nextHint: '',
    });
  }

  // Who travels with the hero: the backstory's two companions, and whoever joined on the way.
  const plan = storyPlan(world, s.total);
  const joinedEarlier = (kind: ArcKind) =>
    !sequel && plan.slice(1, chapterNumber - 1).includes(kind) && plan[chapterNumber - 1] === arc;
  const company = [world.cast.allyName1!, world.cast.allyName2!];
  const moments: string[] = [];
  if (joinedEarlier('ally')) {
    company.push(premise.newAlly);
    moments.push(
      `${premise.newAlly} taught the local children a card game, won all their buttons, and gave them back.`,
    );
  }
  if (joinedEarlier('hunt')) {
    company.push(world.cast.rival!);
    moments.push(`Even ${world.cast.rival} was seen, briefly, to smile.`);
  }
  ctx.companyList = listOf(company);
  ctx.companyMoment = moments.join(' ');
  const earlier = Array.from(
    { length: Math.max(0, chapterNumber - 2) },
    (_, i) => world.placeAt(i + 2).short,
  ).slice(-3);
  ctx.homewardLine =
    !sequel && earlier.length >= 2 && plan[chapterNumber - 1] === arc
      ? `In ${earlier[0]} people came out to cheer them, and in ${earlier[1]} the innkeeper charged them double, out of habit.`
      : 'In every town they passed people came out to cheer them, and at least one innkeeper charged them double, out of habit.';

  // Every key gets a capitalised twin for sentence starts: {threatCap}.
  for (const [key, value] of Object.entries(ctx))
    if (!key.endsWith('Cap')) ctx[`${key}Cap`] = upperFirst(value);
  ctx.companyCap = upperFirst(ctx.companyList);
  return ctx;
}

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

// ---------------------------------------------------------------- paragraphs

function paragraph(template: string, ctx: Ctx, rules: Rules, rng: Rng, optional = false): Paragraph {
  return { text: tidyParagraph(expand(template, ctx, rules, rng)), optional };
}

/** How the chapter takes up the story from the previous one. */
function opening(s: Situation, ctx: Ctx, rules: Rules, rng: Rng): Paragraph[] {
  const arc = ARCS[s.arc];
  const onward =
    arc.approach === 'arrive'
      ? inTurn(s.world, ARRIVALS, s.chapterNumber, 'arrival')
      : arc.approach.length
        ? rng.pick(arc.approach)
        : '';
  if (s.foreignPrevious) {
    return [
      { text: `*Previously: ${plainText(s.foreignPrevious.summary)}*`, optional: false },
      paragraph(`${rng.pick(FOREIGN_BRIDGES)} ${onward}`, ctx, rules, rng),
    ];
  }
  if (!s.previousArc) return [];
  const recalled = rng.pick(ARCS[s.previousArc].aftermath);
  if (endsStory(s.previousArc))
    return [paragraph(`${recalled} ${rng.pick(SEQUEL_OPENINGS)}`, ctx, rules, rng)];
  const arrived = paragraph(`${recalled} ${onward}`, ctx, rules, rng);
  if (arc.approach !== 'arrive') return [arrived];
  return [
    arrived,
    paragraph(inTurn(s.world, PLACE_SCENES, s.chapterNumber, 'place-scene'), ctx, rules, rng, true),
  ];
}

function arcBody(s: Situation, ctx: Ctx, rules: Rules, rng: Rng): Paragraph[] {
  const out: Paragraph[] = [];
  ARCS[s.arc].scenes.forEach((scene, index) => {
    if (index > 0) out.push({ text: SCENE_BREAK, optional: false });
    for (const slot of scene) {
      // One option may hold several paragraphs that belong together.
      for (const template of rng.pick(slot.options).split('\n\n')) {
        out.push(
          template.startsWith('*') && template.endsWith('*')
            ? { text: template, optional: false }
            : paragraph(template, ctx, rules, rng, slot.optional === true),
        );
      }
    }
  });
  return out;
}

/** Every chapter but the last of a story ends by pointing at the next one. */
function closing(s: Situation, ctx: Ctx, rules: Rules, rng: Rng): Paragraph[] {
  return endsStory(s.arc)
    ? []
    : [paragraph(inTurn(s.world, HOOKS, s.chapterNumber, 'hook'), ctx, rules, rng)];
}

/** A summary from elsewhere as one line of plain text (no markup that could break the italics). */
function plainText(summary: string): string {
  const text = summary
    .replace(/[*_#>`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= 700) return text;
  const cut = text.slice(0, 700);
  const stop = cut.lastIndexOf('. ');
  return stop > 200 ? cut.slice(0, stop + 1) : `${cut.trimEnd()}…`;
}

// ---------------------------------------------------------------- length

/**
 * Renders the chapter within 600–1,200 words: drops optional paragraphs (in seeded order) while it
 * is too long, adds padding paragraphs (this story's own, different per chapter) while too short.
 */
function fitToLength(
  heading: string,
  paragraphs: Paragraph[],
  s: Situation,
  ctx: Ctx,
  rules: Rules,
  rng: Rng,
): string {
  const render = () => `${heading}\n\n${paragraphs.map((p) => p.text).join('\n\n')}\n`;
  let text = render();
  const optionals = rng.shuffle(paragraphs.filter((p) => p.optional));
  while (countWords(text) > CHAPTER_MAX_WORDS && optionals.length) {
    paragraphs.splice(paragraphs.indexOf(optionals.pop()!), 1);
    text = render();
  }
  // Padding goes before the last scene, so the chapter still ends on its own last beat.
  const order = s.world.textureOrder;
  for (let k = 0; countWords(text) < CHAPTER_MIN_WORDS && k < order.length; k++) {
    const template = TEXTURES[order[(s.chapterNumber * 3 + k) % order.length]!]!;
    const breakAt = paragraphs.map((p) => p.text).lastIndexOf(SCENE_BREAK);
    paragraphs.splice(
      breakAt > 0 ? breakAt : paragraphs.length - 1,
      0,
      paragraph(template, ctx, rules, rng, true),
    );
    text = render();
  }
  // Extreme inputs only (a hero name of many words): shorten the middle of the chapter.
  while (countWords(text) > CHAPTER_MAX_WORDS && paragraphs.length > 4) {
    const middle = paragraphs.findIndex(
      (p, i) => i > 0 && i < paragraphs.length - 2 && p.text !== SCENE_BREAK,
    );
    paragraphs.splice(middle, 1);
    text = render();
  }
  return text;
}
