/**
 * The local (offline) narrator of shared story rooms: a seeded composition of two to five sentences in
 * the voice of a cosmic storyteller. It reads the room's conversation into a scene (place, threats, objects
 * and who holds them, questions), answers the deeds and questions since its last line, moves the scene on
 * and turns to a hero by name; it never says a sentence it already said in the room.
 * Same room, same trigger, same conversation → same line.
 */
import { escapeNarrationQuotes } from '../markdown-escape.js';
import { sentencesOf } from '../chapter-format.js';
import { Rng } from '../prng.js';
import type { NarrationHero, NarrationLine, NarrationRequest } from '../types.js';
import { expand, tidySentence, type Ctx, type Rules } from './grammar.js';
import { ANIMAL_WORDS, ELEMENT_WORDS, SIGN_WORDS } from './lexicon.js';
import { addressTo, answersTo, developments, reactionsTo, reactionsToThing } from './narrator/reactions.js';
import { sceneOf } from './narrator/scene.js';

export const NARRATION_MIN_SENTENCES = 2;
export const NARRATION_MAX_SENTENCES = 5;

const RULES: Rules = {
  sky: [
    'the endless sky',
    'the star-strewn void',
    'the violet dark',
    'the river of stars',
    'the edge of the known heavens',
    'the silent nebula',
  ],
  place: [
    'the Shattered Moon',
    'the Glass Nebula',
    'the Ember Reaches',
    'the Tidewell of Stars',
    'the Hollow Comet',
    'the Crown of Orion',
    'the Sleeping Observatory',
  ],
  omen: [
    'a star has begun to sing in a voice no one has heard before',
    'an ancient constellation has gone dark, one star at a time',
    'a door of light has opened where no door should be',
    'the comets have all turned back, as if fleeing something',
    'a whisper travels between the planets, speaking the heroes\u2019 names',
  ],
  gather: [
    'Gather close, wanderers of the cosmos',
    'Hush now, and listen',
    'Come, travellers of the starlit road',
    'Let the tale begin, dear listeners',
  ],
  lean: [
    'The stars lean closer',
    'The cosmos stirs',
    'A hush falls over the heavens',
    'The constellations turn to listen',
    'Starlight shivers across the dark',
  ],
  hook: [
    'What will {heroA} do now that the heavens are listening?',
    'The road ahead forks beneath <sky>, and the choice belongs to {heroA}.',
    'The next step is yours, {heroes}, and the stars are waiting.',
    'Somewhere ahead, <place> waits for whoever is bold enough to reach it.',
    'Choose well, {heroes}, for the stars remember every choice.',
  ],
  answer: [
    'The answer, the stars whisper, waits beyond <place>.',
    'No star answers at once, but far off, near <place>, a light begins to blink as if in reply.',
    'The cosmos keeps its secrets a little longer, yet the way toward <place> glows faintly brighter.',
  ],
  exclaim: [
    'Such boldness echoes between the planets, and even the distant suns burn a little hotter.',
    'The heavens ring with it, and a shower of shooting stars answers in kind.',
  ],
  generic: [
    'Far beyond <place>, <omen>.',
    'A new constellation flickers into being above them, shaped almost like {wordish}.',
    'Somewhere along <sky>, <omen>, and the heroes feel it like a tug on the heart.',
  ],
};

const ELEMENT_IMAGES: Record<string, readonly string[]> = {
  Fire: [
    'embers wake in the palms of {hero}',
    'a spark kindles behind the eyes of {hero}',
    'the fire in the blood of {hero} burns brighter',
  ],
  Water: [
    'a tide rises in the heart of {hero}',
    'the deep waters within {hero} grow still and clear',
    'silver droplets circle {hero} like tiny moons',
  ],
  Earth: [
    'the ground hums beneath the feet of {hero}',
    'the patient strength of stone settles into {hero}',
    'moss-green light gathers around {hero}',
  ],
  Air: [
    'the wind gathers around the shoulders of {hero}',
    'a breath of cold starlight lifts the hair of {hero}',
    'thoughts quick as swallows fill the mind of {hero}',
  ],
};

const known = (hero: NarrationHero) => ({
  figure: SIGN_WORDS[hero.westernSign]?.figure,
  animal: ANIMAL_WORDS[hero.chineseSign]?.noun ?? (hero.chineseSign || undefined),
  element: ELEMENT_WORDS[hero.westernElement] ? hero.westernElement : undefined,
});

/** A sentence binding a hero to their signs and element (as much as is known). */
function heroSentence(hero: NarrationHero, rng: Rng, intro: boolean): string {
  const { figure, animal, element } = known(hero);
  const image = element ? rng.pick(ELEMENT_IMAGES[element]!).replace('{hero}', hero.name) : undefined;
  const chinese = animal ? `the ${[hero.chineseElement, animal].filter(Boolean).join(' ')}` : undefined;
  const options: string[] = [];
  if (intro) {
    if (figure && chinese) {
      options.push(
        `${hero.name} steps out of the starlight, born beneath ${figure} of ${hero.westernSign} with the spirit of ${chinese} at their side.`,
        `First among the travellers comes ${hero.name}, child of ${hero.westernSign} and of ${chinese}, eyes bright with starfire.`,
      );
    }
    options.push(`${hero.name} arrives first, and ${image ?? 'the stars take note of the name'}.`);
  } else {
    if (figure && image) {
      options.push(
        `High above, ${figure} of ${hero.westernSign} flares in answer, and ${image}.`,
        `As ${figure} turns overhead, ${image}.`,
      );
    }
    if (chinese) {
      options.push(
        `The spirit of ${chinese} stirs within ${hero.name}, restless and ready for what comes next.`,
        `${hero.name} feels ${chinese} pacing at the edge of thought, eager to be loosed upon the story.`,
      );
    }
    if (image) options.push(`Meanwhile, ${image}.`);
    if (options.length === 0) options.push(`${hero.name} feels the gaze of the stars settle upon them.`);
  }
  return rng.pick(options);
}

const joinNames = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? 'travellers') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * The narrator's line for a room (deterministic in the request). The names and title it quotes are
 * users' text inside markdown: escaped, so they never become links or markup.
 */
export function writeLocalNarration(request: NarrationRequest): string {
  return escapeNarrationQuotes(narrationOf(request), request);
}

function narrationOf(request: NarrationRequest): string {
  const rng = new Rng(`starborn:narrator:${request.roomId}:${request.triggerId}`);
  const recent = (request.recent ?? []).filter((line) => line && typeof line.content === 'string');
  const heroes = (request.heroes ?? []).filter((h) => h && h.name?.trim());
  // Heroes who spoke but are not in the list still count for names.
  for (const line of recent) {
    if (line.kind === 'hero' && line.senderName && !heroes.some((h) => h.name === line.senderName)) {
      heroes.push({
        name: line.senderName,
        westernSign: '',
        westernElement: '',
        chineseSign: '',
        chineseElement: '',
      });
    }
  }
  const names = heroes.map((h) => h.name.trim());
  const title = request.title?.trim() || 'this tale';
  const ctx: Ctx = {
    title,
    heroA: names[0] ?? 'our heroes',
    heroes: names.length ? joinNames(rng.sample(names, 3)) : 'heroes',
    wordish: 'a question no one has asked yet',
  };
  const say = (template: string) => tidySentence(expand(template, ctx, RULES, rng));

  const sentences: string[] = [];
  if (request.intro) {
    sentences.push(
      say(`<gather>, for "{title}" begins beneath <sky>, where the known stars give way to the unknown.`),
    );
    if (heroes.length === 1) sentences.push(heroSentence(heroes[0]!, rng.fork('hero'), true));
    else if (heroes.length > 1) {
      const featured = rng.pick(heroes);
      sentences.push(`${joinNames(names.slice(0, 4))} have answered the call of the stars.`);
      sentences.push(heroSentence(featured, rng.fork('hero'), false));
    }
    sentences.push(say('Far beyond <place>, <omen>, and only those born of starlight can learn why.'));
    if (sentences.length < NARRATION_MAX_SENTENCES)
      sentences.push(
        say(
          rng.pick(['Speak, heroes, and the cosmos will listen.', 'Where will your story begin?', '<hook>']),
        ),
      );
    return finish(sentences);
  }

  const scene = sceneOf(recent, names);
  const said = saidBefore(request, recent);
  const fresh = scene.fresh.length ? scene.fresh : [];
  const speaker = fresh.at(-1)?.speaker || names[0] || 'a traveller';
  ctx.speaker = speaker;
  ctx.heroA = speaker;
  const recentShapes = new Set(lastLines(request, recent, 3).flatMap(sentencesOf).flatMap(shapesOf));
  /**
   * The first candidate not said in this room before (none when every one was), preferring one not
   * shaped like a sentence of the last few lines, so the narrator does not sound like a refrain.
   */
  const unsaid = (candidates: readonly string[]) => {
    const fresh = candidates.map((c) => tidySentence(c)).filter((c) => !said.has(normalised(c)));
    return fresh.find((c) => !shapesOf(c).some((shape) => recentShapes.has(shape))) ?? fresh[0];
  };
  const add = (candidates: readonly string[]) => {
    const sentence = unsaid(candidates);
    if (sentence && sentences.length < NARRATION_MAX_SENTENCES) {
      sentences.push(sentence);
      said.add(normalised(sentence));
      for (const shape of shapesOf(sentence)) recentShapes.add(shape);
    }
    return sentence !== undefined;
  };

  // What was just done: the latest deeds first, at most two of them answered.
  const actions = fresh.flatMap((read) => read.actions).filter((a) => a.object || a.place);
  const question = fresh.flatMap((read) => read.questions).at(-1);
  // A question leaves room for its answer: one deed answered then.
  const maxReactions = question ? 1 : 2;
  let reacted = 0;
  for (const action of [...actions].reverse()) {
    if (reacted >= maxReactions) break;
    if (add(rng.fork(`deed${reacted}`).shuffle(reactionsTo(action, rng.fork(`deed-words${reacted}`), scene))))
      reacted++;
  }
  // Things brought up with no deed done to them (a place named, a creature seen).
  const acted = new Set(actions.flatMap((a) => [a.object?.lemma, a.recipient?.lemma, a.place?.lemma]));
  const brought = fresh.flatMap((read) => read.things.map((thing) => ({ thing, speaker: read.speaker })));
  for (const { thing, speaker: who } of [...brought].reverse()) {
    if (reacted >= maxReactions || acted.has(thing.lemma)) continue;
    if (add(rng.shuffle(reactionsToThing(thing, who, rng.fork(thing.lemma))))) reacted++;
  }
  if (reacted === 0 && fresh.length > 0)
    add(
      rng.shuffle([
        say('<lean>: the words of {speaker} ripple outward like light from a newborn star.'),
        say('<generic>'),
        say('<generic>'),
      ]),
    );
  else if (fresh.length === 0)
    add([say('<lean>, and the silence between the stars grows full of possibility.'), say('<generic>')]);

  // A question just asked is answered, about what it asked.
  if (question) add(rng.shuffle(answersTo(question, rng.fork('answer'), scene)));

  // The scene moves on, a hero's stars answer (when there is room), then a hero is asked what they do.
  if (sentences.length < NARRATION_MAX_SENTENCES - 1)
    add(rng.fork('turn').shuffle(developments(scene, rng.fork('turn-words'))));
  if (heroes.length > 0 && rng.chance(0.5) && sentences.length < NARRATION_MAX_SENTENCES - 1) {
    const featured = heroes.find((h) => h.name !== speaker && rng.chance(0.6)) ?? heroes[0]!;
    add([heroSentence(featured, rng.fork('hero'), false)]);
  }
  const addressed = whomToAddress(names, speaker, request, recent, rng);
  if (addressed) add(addressTo(addressed, scene, rng.fork('address')));
  // Never fewer than the minimum, and never a sentence the room has heard.
  for (let n = 0; sentences.length < NARRATION_MIN_SENTENCES && n < 6; n++)
    add([say('<hook>'), say('<generic>'), say('<lean>, and the tale leans with them.')]);
  // A room that has heard every other sentence: these count the room's sentences, so each is new.
  for (let n = 0; sentences.length < NARRATION_MIN_SENTENCES && n < 10; n++) {
    const nth = ordinal(said.size + 1 + n);
    add([
      sentences.length === 0
        ? `So begins the ${nth} turning of this tale, and the stars are listening.`
        : `The ${nth} star of this tale kindles overhead, and waits.`,
    ]);
  }
  return finish(sentences);
}

/** A sentence as compared for repeats: case, spacing and escaping aside. */
const normalised = (sentence: string) =>
  sentence.replace(/\\/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * A sentence's shapes: how it begins and how it ends, where a template's fixed words are ("In the
 * ferryman's keeping…", "… for you to choose"), whatever it was filled with.
 */
function shapesOf(sentence: string): string[] {
  const words = normalised(sentence)
    .replace(/[^a-z\s]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  return [`begins ${words.slice(0, 3).join(' ')}`, `ends ${words.slice(-4).join(' ')}`];
}

/** The narrator's last `count` lines in the room, latest last. */
function lastLines(request: NarrationRequest, recent: readonly NarrationLine[], count: number): string[] {
  const inRecent = recent.filter((line) => line.kind === 'narrator').map((line) => line.content);
  const earlier = request.earlierNarration ?? [];
  // The recent window's lines are the latest; the earlier ones are the fallback when it holds none.
  return (inRecent.length ? inRecent : earlier).map(String).slice(-count);
}

/** Every sentence the narrator already said in the room: its earlier lines and those in the conversation. */
function saidBefore(request: NarrationRequest, recent: readonly NarrationLine[]): Set<string> {
  const lines = [
    ...(request.earlierNarration ?? []),
    ...recent.filter((line) => line.kind === 'narrator').map((line) => line.content),
  ];
  return new Set(lines.flatMap((line) => sentencesOf(String(line))).map(normalised));
}

/**
 * Whom the narrator turns to: the hero it named least recently (never addressed first), so each gets a
 * turn; the last speaker only when alone.
 */
function whomToAddress(
  names: readonly string[],
  speaker: string,
  request: NarrationRequest,
  recent: readonly NarrationLine[],
  rng: Rng,
): string | undefined {
  if (names.length === 0) return undefined;
  const lines = [
    ...(request.earlierNarration ?? []),
    ...recent.filter((line) => line.kind === 'narrator').map((line) => line.content),
  ];
  // Every form of address names the hero followed by a comma ("Mira Sol, what will you do?").
  const lastNamed = (name: string) => lines.map((line) => line.includes(`${name},`)).lastIndexOf(true);
  const others = names.filter((name) => name !== speaker);
  const pool = others.length ? others : [...names];
  const order = rng.shuffle(pool).sort((a, b) => lastNamed(a) - lastNamed(b));
  return order[0];
}

const ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
];
const ordinal = (n: number) =>
  ORDINALS[n - 1] ??
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

function finish(sentences: string[]): string {
  const kept = sentences.filter(Boolean).slice(0, NARRATION_MAX_SENTENCES);
  while (kept.length < NARRATION_MIN_SENTENCES) kept.push('The stars are listening.');
  const text = kept.join(' ');
  // Names or words that end in punctuation could split a sentence; never more than five.
  return sentencesOf(text).length > NARRATION_MAX_SENTENCES ? kept.slice(0, 3).join(' ') : text;
}
