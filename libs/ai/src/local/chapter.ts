/**
 * The local chapter writer: one chapter of a hero's storybook, written offline from the book's story
 * plan (see story-plan.ts and story/plan.ts). Chapter n takes up where chapter n − 1 stopped (its
 * place, its scene, the companions with the hero), plays the planned scene at the planned place,
 * time and weather with the cast by name, and ends by pointing at the next chapter's place; only the
 * book's last chapter closes the story. A request without a plan gets one made from the hero, so
 * requests from before plans existed still work. Deterministic: the same request gives the same chapter.
 */
import {
  bareTitle,
  CHAPTER_MAX_WORDS,
  CHAPTER_MIN_WORDS,
  chapterHeading,
  chapterPosition,
  countWords,
  SCENE_BREAK,
  sentencesOf,
} from '../chapter-format.js';
import { escapeMarkdown, escapeQuotedNames } from '../markdown-escape.js';
import { Rng } from '../prng.js';
import type { CastMember, PlannedChapter, SceneKind, StoryPlan } from '../story-plan.js';
import type { ChapterRequest, HeroProfile, PreviousChapter, WrittenChapter } from '../types.js';
import { aboutHero, expand, tidyParagraph, upperFirst, type Ctx } from './grammar.js';
import { ANIMAL_WORDS, ELEMENT_WORDS } from './lexicon.js';
import {
  AFTERMATHS,
  CONTINUATIONS,
  ENDINGS,
  FIRST_OPENINGS,
  HOOKS,
  INTERLUDES,
  KIND_WORDS,
  LANDSCAPE_ROADS,
  OBJECT_FOUND,
  RECAPS,
  REOPENINGS,
  RULES,
  SCENE_BEATS,
  SETTINGS,
  STAGE_BEATS,
  STAY_HOOKS,
  TALKS,
  TIME_PHRASES,
  TITLE_PATTERNS,
  WEATHER_ADJECTIVES,
  WEATHER_LINES,
} from './story/phrases.js';
import { planStory, revisePlan } from './story/plan.js';
import { SCENE_ACTIONS } from './story/stock.js';

interface Paragraph {
  text: string;
  /** May be dropped to stay under the word limit. */
  optional: boolean;
}

/**
 * Deals the paragraph templates of one slot through a book: the slot's list is shuffled once per
 * book and chapter n takes the next `count` cards after chapter n − 1's, so chapters of one book
 * use different templates (until a long book has used them all) and two books differ in order.
 * `turn` is the chapter's place in the sequence (its number, or its number within its arc stage).
 */
function deal<T>(bookSeed: string, label: string, list: readonly T[], turn: number, count = 1): T[] {
  const order = new Rng(`${bookSeed}/deal:${label}`).shuffle(list);
  return Array.from(
    { length: Math.min(count, list.length) },
    (_, j) => order[(turn * count + j) % list.length]!,
  );
}

export function writeLocalChapter(request: ChapterRequest): WrittenChapter {
  const { chapterNumber, total } = chapterPosition(request);
  const previousChapters = previousOf(request);
  const plan = revisePlan(request.plan ?? planOf(request.hero, total, previousChapters), {
    chapterNumber,
    chaptersTotalCount: total,
    previousChapters,
  });
  const entry = plan.chapters.find((c) => c.chapterNumber === chapterNumber)!;
  const bookSeed = `starborn:${request.hero.heroId}/book`;
  const rng = new Rng(`${bookSeed}/chapter:${chapterNumber}`);
  const ctx = contextOf(request.hero, plan, entry, rng);
  const title = titleOf(plan, chapterNumber);
  const last = chapterNumber >= total;

  const stay = !last && ctx.nextPlace === ctx.place;
  // The chapter's place among the chapters of its arc stage, so a stage's chapters differ too.
  const inStage = plan.chapters.filter(
    (c) => c.stage === entry.stage && c.chapterNumber < chapterNumber,
  ).length;
  const [talk1, talk2] = deal(bookSeed, `talk:${entry.stage}`, TALKS[entry.stage], inStage, 2);
  const paragraphs: Paragraph[] = [
    ...opening(plan, entry, request.previousChapter, ctx, rng),
    ...(chapterNumber > 1
      ? (LANDSCAPE_ROADS[entry.scene.landscape] ?? []).map((t, i) => detailed(t, ctx, rng, i > 0))
      : []),
    detailed(deal(bookSeed, 'setting', SETTINGS, chapterNumber)[0]!, ctx, rng),
    detailed(talk1!, ctx, rng, true),
    ...sceneBody(entry, ctx, rng),
    { text: tidyParagraph(`${momentLead(entry, rng)} ${ctx.moment}`), optional: false },
    { text: SCENE_BREAK, optional: false },
    ...deal(bookSeed, `stage:${entry.stage}`, STAGE_BEATS[entry.stage], inStage, 2).map((t, i) =>
      detailed(t, ctx, rng, i > 0),
    ),
    ...(talk2 ? [detailed(talk2, ctx, rng, true)] : []),
    ...deal(bookSeed, 'aftermath', AFTERMATHS, chapterNumber, 2).map((t) => detailed(t, ctx, rng, true)),
    ...(entry.objectFound && chapterNumber > 1 ? [paragraph(rng.pick(OBJECT_FOUND), ctx, rng)] : []),
    ...(last
      ? [paragraph(rng.pick(ENDINGS), ctx, rng), { text: '*The End*', optional: false }]
      : [paragraph(deal(bookSeed, 'hook', stay ? STAY_HOOKS : HOOKS, chapterNumber)[0]!, ctx, rng)]),
  ];
  const padding = deal(bookSeed, 'interlude', INTERLUDES, chapterNumber, 3);
  const markdown = fitToLength(chapterHeading(chapterNumber, title), paragraphs, padding, ctx, rng);
  return { title, markdown, summary: summaryOf(plan, entry, ctx, last) };
}

/**
 * The plan of a request that brings none (made before plans existed): the plan of a book of this
 * length, or, when the earlier chapters' titles show the book was shorter and has grown (a finished
 * book extended with more chapters), the plan of the book as it first ended, which revisePlan then
 * extends so the same story goes on.
 */
function planOf(hero: HeroProfile, total: number, previous: PreviousChapter[]): StoryPlan {
  const plan = planStory(hero, { chaptersTotalCount: total });
  const last = previous.at(-1);
  if (!last || last.chapterNumber >= total) return plan;
  if (titleOf(plan, last.chapterNumber) === bareTitle(last.title)) return plan;
  // The book first ended at chapter k if a k-chapter plan titles its chapter k as written.
  for (const chapter of previous) {
    const ended = planStory(hero, { chaptersTotalCount: chapter.chapterNumber });
    if (titleOf(ended, chapter.chapterNumber) === bareTitle(chapter.title)) return ended;
  }
  return plan;
}

/** Every earlier chapter the request knows of, oldest first. */
function previousOf(request: ChapterRequest): PreviousChapter[] {
  const earlier = request.previousChapters ?? (request.previousChapter ? [request.previousChapter] : []);
  return earlier.filter((c) => c.chapterNumber < request.chapterNumber);
}

// ---------------------------------------------------------------- context

const STAGE_OBJECT_INDEX = (plan: StoryPlan, n: number) =>
  plan.objects[Math.min(plan.objects.length - 1, Math.floor((n - 1) / 3) % 3)] ?? 'the old map';

function castOf(plan: StoryPlan, role: CastMember['role'], fallback: CastMember): CastMember {
  return plan.cast.find((c) => c.role === role) ?? fallback;
}

function contextOf(hero: HeroProfile, plan: StoryPlan, entry: PlannedChapter, rng: Rng): Ctx {
  const scene = entry.scene;
  const byName = new Map(plan.cast.map((c) => [c.name, c]));
  const stranger: CastMember = {
    name: 'the stranger',
    kind: 'a traveller',
    role: 'companion',
    trait: 'keeps their own counsel',
  };
  const companions = plan.cast.filter((c) => c.role === 'companion');
  const animal = companions[0] ?? stranger;
  const present = scene.companions.map((n) => byName.get(n)).filter((c): c is CastMember => !!c);
  const presentCompanions = present.filter((c) => c.role === 'companion');
  // {a} is the person the scene turns on; {animal} is always the animal companion.
  const a = presentCompanions.find((c) => c !== animal) ?? companions.find((c) => c !== animal) ?? animal;
  const b = companions.find((c) => c !== a && c !== animal) ?? present.find((c) => c !== a) ?? animal;
  const rival = castOf(plan, 'rival', stranger);
  const mentor = castOf(plan, 'mentor', stranger);
  const places = new Map(plan.places.map((p) => [p.name, p]));
  const place = places.get(scene.place);
  const previous = plan.chapters.find((c) => c.chapterNumber === entry.chapterNumber - 1);
  const next = plan.chapters.find((c) => c.chapterNumber === entry.chapterNumber + 1);
  const name = escapeMarkdown(hero.name.replace(/\s+/g, ' ').trim()) || 'the hero';
  const element = hero.western.element || 'Fire';
  const pickQuality = (list: readonly string[], fallback: string) =>
    list.length ? aboutHero(rng.pick(list)) : fallback;
  const description = (place?.description ?? `A place of ${scene.landscape}.`).replace(/\.$/, '');
  const company = scene.companions.filter((n) => byName.get(n)?.role === 'companion');
  const companyNames = company.length ? company : [animal.name];
  const ctx: Ctx = {
    hero: name,
    a: a.name,
    aKind: a.kind,
    aTrait: a.trait,
    b: b.name,
    animal: animal.name,
    animalKind: animal.kind,
    animalTrait: animal.trait,
    rival: rival.name,
    rivalKind: rival.kind,
    rivalTrait: rival.trait,
    mentor: mentor.name,
    mentorKind: mentor.kind,
    mentorTrait: mentor.trait,
    home: plan.hometown ?? 'home',
    bornIn: plan.hometown ? ` in ${plan.hometown}` : '',
    foe: plan.antagonist?.name ?? 'the enemy',
    foeKind: plan.antagonist?.kind ?? 'an old enemy',
    aim: plan.antagonist?.aim ?? 'undo everything',
    place: scene.place,
    placeDesc: `${lower(description)}.`,
    placeDescShort: lower(description),
    prevPlace: previous?.scene.place ?? plan.places[0]?.name ?? scene.place,
    nextPlace: next?.scene.place ?? scene.place,
    object: STAGE_OBJECT_INDEX(plan, entry.chapterNumber),
    found: entry.objectFound ?? '',
    time: scene.timeOfDay === 'day' ? 'day' : scene.timeOfDay,
    timePhrase: rng.pick(TIME_PHRASES[scene.timeOfDay] ?? ['that day']),
    weatherAdj: rng.pick(WEATHER_ADJECTIVES[scene.weather] ?? ['grey']),
    weatherLine: expand(
      rng.pick(WEATHER_LINES[scene.weather] ?? WEATHER_LINES.clear!),
      {
        a: a.name,
        hero: name,
      },
      RULES,
      rng,
    ),
    company: listOf(companyNames),
    party: listOf([name, ...companyNames]),
    sign: hero.western.sign || 'the stars',
    element,
    elementWish: ELEMENT_WISHES[element] ?? 'move',
    cAnimal: ANIMAL_WORDS[hero.chinese.sign]?.noun ?? (hero.chinese.sign.split('/')[0]!.trim() || 'Dragon'),
    cElement: hero.chinese.element || 'Yang Wood',
    trait: pickQuality(hero.western.traits, 'brave'),
    ctrait: pickQuality(hero.chinese.traits, 'steady'),
    strength: pickQuality(hero.western.strengths, 'steady'),
    weakness: pickQuality(hero.western.weaknesses, 'stubborn'),
    magic: lower(rng.pick(ELEMENT_WORDS[element]?.magic ?? ['a warmth in the palms'])),
    moment: escapeQuotedNames(scene.moment, [hero.name.replace(/\s+/g, ' ').trim()]),
  };
  for (const [key, value] of Object.entries(ctx)) ctx[`${key}Cap`] = upperFirst(value);
  return ctx;
}

/** Lower-cases the first letter of a phrase that opens a sentence ("A hill town" → "a hill town"). */
/** What each element in the hero wants, in a word. */
const ELEMENT_WISHES: Record<string, string> = {
  Fire: 'burn',
  Water: 'flow',
  Earth: 'stand firm',
  Air: 'rise',
};

const lower = (s: string) => (/^(?:A|An|The|[A-Z][a-z]+)\b/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

// ---------------------------------------------------------------- titles

/**
 * The title of chapter n, combined from the plan (the scene's kind, place, time and weather, the
 * cast and the objects). Titles of earlier chapters are made first so that none repeats.
 */
export function titleOf(plan: StoryPlan, chapterNumber: number): string {
  const used = new Set<string>();
  let title = '';
  for (const chapter of plan.chapters.filter((c) => c.chapterNumber <= chapterNumber)) {
    const rng = new Rng(`${plan.heroId ?? plan.title}/title:${chapter.chapterNumber}`);
    for (let tries = 0; tries < 30; tries++) {
      title = composeTitle(plan, chapter, rng);
      if (!used.has(title.toLowerCase())) break;
    }
    used.add(title.toLowerCase());
  }
  return title;
}

function composeTitle(plan: StoryPlan, chapter: PlannedChapter, rng: Rng): string {
  const scene = chapter.scene;
  const kind: SceneKind = scene.kind ?? kindOfAction(scene.action);
  const objectWords = (o: string) => o.replace(/^the /i, '').split(' ').map(upperFirst).join(' ');
  const companions = scene.companions.length ? scene.companions : [plan.cast[0]?.name ?? 'Friend'];
  const rival = plan.cast.find((c) => c.role === 'rival')?.name ?? plan.antagonist?.name ?? 'Rival';
  const object = STAGE_OBJECT_INDEX(plan, chapter.chapterNumber);
  const parts: Record<string, string> = {
    K: rng.pick(KIND_WORDS[kind]),
    P: titlePlace(scene.place),
    O: objectWords(object),
    C: rng.pick(companions),
    T: upperFirst(scene.timeOfDay === 'day' ? 'Noon' : scene.timeOfDay),
    W: { clear: 'Stars', rain: 'Rain', snow: 'Snow', mist: 'Mist', storm: 'Thunder', wind: 'Wind' }[
      scene.weather
    ],
    // The farthest place, not the next chapter's: a title must not change when the book grows.
    N: titlePlace(plan.places.at(-1)?.name ?? scene.place),
    R: rival,
    A: upperFirst(object.replace(/^the /i, '').split(' ')[0]!),
  };
  const pattern = rng.pick(TITLE_PATTERNS);
  return upperFirst(pattern.replace(/\{([A-Z])\}/g, (_, k: string) => parts[k] ?? ''));
}

/** "the Velmere Fens" reads "the Velmere Fens" inside a title and "The Velmere Fens" at its start. */
const titlePlace = (place: string) => place;

const kindOfAction = (action: string): SceneKind =>
  (Object.entries(SCENE_ACTIONS).find(([, a]) => a === action)?.[0] as SceneKind) ?? 'crossing';

// ---------------------------------------------------------------- paragraphs

function paragraph(template: string, ctx: Ctx, rng: Rng, optional = false): Paragraph {
  return { text: tidyParagraph(expand(template, ctx, RULES, rng)), optional };
}

/** A paragraph that ends on a small detail of the place or the company (see the rule <detail>). */
function detailed(template: string, ctx: Ctx, rng: Rng, optional = false): Paragraph {
  return paragraph(`${template} <detail>`, ctx, rng, optional);
}

/** How the chapter takes up the story: at home for chapter 1, else straight on from chapter n − 1. */
function opening(
  plan: StoryPlan,
  entry: PlannedChapter,
  previousChapter: PreviousChapter | null,
  ctx: Ctx,
  rng: Rng,
): Paragraph[] {
  const n = entry.chapterNumber;
  if (n === 1) {
    return [
      paragraph(rng.pick(FIRST_OPENINGS), ctx, rng),
      paragraph(
        '{heroCap} was born under {sign}{bornIn}, a child of {element}, in a {cElement} year of the {cAnimal}, and [everyone in {place} knew it|it showed|people said it explained a great deal]. {aCap}, {aKind}, had been [at their side|a friend|underfoot] for years; {animal}, {animalKind}, for longer. {foeCap}, {foeKind}, [was a name from songs|had been a rumour|was somebody else’s problem] — until now: {foe} meant to {aim}.',
        ctx,
        rng,
      ),
    ];
  }
  const out: Paragraph[] = [];
  const previous = plan.chapters.find((c) => c.chapterNumber === n - 1);
  // A previous chapter this writer did not write (another provider): recall it through its summary.
  if (previousChapter && bareTitle(previousChapter.title) !== titleOf(plan, n - 1)) {
    out.push({ text: `*Previously: ${plainText(previousChapter.summary)}*`, optional: false });
  }
  if (previous?.stage === 'resolution') {
    out.push(paragraph(rng.pick(REOPENINGS), ctx, rng));
  } else {
    const kind = previous?.scene.kind ?? 'crossing';
    out.push(detailed(rng.pick(CONTINUATIONS[kind]), ctx, rng));
  }
  // Who is with the hero and what they carry, as the plan's state has it after chapter n − 1.
  const recap = deal(`${plan.heroId ?? plan.title}/book`, 'recap', RECAPS, n)[0]!;
  out.push(
    paragraph(
      `${recap} ${heldSoFar(plan)}`,
      {
        ...ctx,
        withHero: companySoFar(plan),
        location: plan.state.location,
        firstPlace: plan.places[0]?.name ?? ctx.place!,
      },
      rng,
    ),
  );
  return out;
}

function companySoFar(plan: StoryPlan): string {
  const names = plan.state.companionsWithHero;
  return names.length ? listOf(names) : (plan.cast[0]?.name ?? 'Nobody');
}

function heldSoFar(plan: StoryPlan): string {
  const held = plan.state.objectsHeld;
  return held.length
    ? `{hero} [carried|kept close|had not let go of] ${listOf(held)}.`
    : '{hero} carried little but hope.';
}

function sceneBody(entry: PlannedChapter, ctx: Ctx, rng: Rng): Paragraph[] {
  const kind = entry.scene.kind ?? kindOfAction(entry.scene.action);
  // Every telling of a beat is used, in a seeded order: the scene is the chapter's longest part.
  return SCENE_BEATS[kind].flatMap((beat, i) =>
    rng.shuffle(beat).map((t, j) => detailed(t, ctx, rng, i === 1 && j > 0)),
  );
}

function momentLead(entry: PlannedChapter, rng: Rng): string {
  // The planned moment is told in the present, like the caption of the chapter's picture.
  const when = { dawn: 'at dawn', day: 'in the full light of day', dusk: 'at dusk', night: 'by night' }[
    entry.scene.timeOfDay
  ];
  return rng.pick([
    `Years later, a painter would show it like this, ${when}:`,
    'This is the moment the songs keep:',
    `If you could step into that ${entry.scene.timeOfDay === 'day' ? 'day' : entry.scene.timeOfDay}, this is what you would see:`,
    'Picture it, as everyone who was there still does:',
    `Hold on to this picture, ${when}:`,
  ]);
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

// ---------------------------------------------------------------- summary

const SUMMARY_EVENTS: Record<SceneKind, string> = {
  arrival: '{hero} and {a} arrived in {place}',
  crossing: '{hero} and {a} crossed into {place}',
  chase: '{hero} and {a} were chased through {place} by the servants of {foe}',
  storm: '{hero} and {a} weathered a storm in {place}',
  rescue: '{hero} led a rescue in {place} with {a}',
  parley: '{hero} bargained with {rival} in {place}',
  council: '{hero} and {a} made a plan against {foe} in {place}',
  betrayal: '{rival} betrayed {hero} in {place}',
  ambush: '{hero} and {a} survived an ambush in {place}',
  duel: '{hero} fought {foe} in {place}',
  siege: '{hero} and {a} defended {place} against {foe}',
  discovery: '{hero} and {a} uncovered a secret in {place}',
  trial: '{hero} passed the trial of {place}',
  ritual: '{hero} performed the old rite in {place}',
  vigil: '{hero} kept a long watch with {a} in {place}',
  festival: '{hero} and {a} celebrated in {place}',
};

function summaryOf(plan: StoryPlan, entry: PlannedChapter, ctx: Ctx, last: boolean): string {
  const kind = entry.scene.kind ?? kindOfAction(entry.scene.action);
  const fill = (t: string) => t.replace(/\{(\w+)\}/g, (_, k: string) => ctx[k] ?? '');
  const sentences = [
    `${upperFirst(fill(SUMMARY_EVENTS[kind]))} at ${entry.scene.timeOfDay === 'day' ? 'midday' : entry.scene.timeOfDay}.`,
    ctx.moment!,
  ];
  if (entry.objectFound && !last) sentences.push(`${ctx.hero} now carries ${entry.objectFound}.`);
  if (last) sentences.push(`The threat of ${ctx.foe} is over. The story is complete.`);
  else sentences.push(`Next, the road leads to ${ctx.nextPlace}.`);
  // A moment with a sentence break of its own could make five: keep the first and the last two.
  const text = sentences.join(' ');
  return sentencesOf(text).length > 4
    ? sentencesOf(text)
        .filter((_, i, all) => i === 0 || i >= all.length - 2)
        .join(' ')
    : text;
}

// ---------------------------------------------------------------- length

/**
 * Renders the chapter within the word limits: adds interludes (before the scene break, so the
 * chapter still ends on its own last beat) while too short, drops optional paragraphs while too long.
 */
function fitToLength(
  heading: string,
  paragraphs: Paragraph[],
  padding: string[],
  ctx: Ctx,
  rng: Rng,
): string {
  const render = () => `${heading}\n\n${paragraphs.map((p) => p.text).join('\n\n')}\n`;
  let text = render();
  const interludes = [...padding];
  while (countWords(text) < CHAPTER_MIN_WORDS + 20 && interludes.length) {
    const at = Math.max(
      1,
      paragraphs.findIndex((p) => p.text === SCENE_BREAK),
    );
    paragraphs.splice(at, 0, detailed(interludes.shift()!, ctx, rng, true));
    text = render();
  }
  // Past the interludes, a prose paragraph before the break gains one more small detail.
  const prose = paragraphs
    .slice(
      0,
      paragraphs.findIndex((p) => p.text === SCENE_BREAK),
    )
    .filter((p) => !p.text.startsWith('*'));
  for (let k = 0; countWords(text) < CHAPTER_MIN_WORDS + 20 && k < 3 * prose.length; k++) {
    const target = prose[(k * 5) % prose.length]!;
    target.text = tidyParagraph(`${target.text} ${expand('<detail>', ctx, RULES, rng)}`);
    text = render();
  }
  const optionals = paragraphs.filter((p) => p.optional);
  while (countWords(text) > CHAPTER_MAX_WORDS && optionals.length) {
    paragraphs.splice(paragraphs.indexOf(optionals.pop()!), 1);
    text = render();
  }
  // Extreme inputs only (a hero name of many words): shorten the middle of the chapter.
  while (countWords(text) > CHAPTER_MAX_WORDS && paragraphs.length > 4) {
    const middle = paragraphs.findIndex(
      (p, i) => i > 1 && i < paragraphs.length - 2 && p.text !== SCENE_BREAK,
    );
    if (middle < 0) break;
    paragraphs.splice(middle, 1);
    text = render();
  }
  return text;
}
