/**
 * The local (offline) narrator of shared story rooms: a seeded composition of two to five sentences in
 * the voice of a cosmic storyteller. It reads the conversation since its last line — who spoke, the words
 * that stood out, whether it was a question — and answers with the heroes' names, signs and elements.
 * Same room, same trigger, same conversation → same line.
 */
import { escapeNarrationQuotes } from '../markdown-escape.js';
import { sentencesOf } from '../chapter-format.js';
import { Rng } from '../prng.js';
import type { NarrationHero, NarrationLine, NarrationRequest } from '../types.js';
import { expand, tidySentence, type Ctx, type Rules } from './grammar.js';
import { ANIMAL_WORDS, ELEMENT_WORDS, SIGN_WORDS } from './lexicon.js';

export const NARRATION_MIN_SENTENCES = 2;
export const NARRATION_MAX_SENTENCES = 5;

/** Words a hero's line is not about. */
const STOPWORDS = new Set(
  `about above after again against all also and any are around aren't because been before being below
  between both but can can't cannot could couldn't did didn't does doesn't doing don't down during each
  even ever every few for from further get gets got had hadn't has hasn't have haven't having her here
  hers herself him himself his how i'd i'll i'm i've into isn't it's its itself just let let's like
  look maybe more most much must mustn't myself need nor not now off once only other ought our ours
  ourselves out over own really said same say says see she she'd she'll she's should shouldn't some
  something still such than that that's the their theirs them themselves then there there's these they
  they'd they'll they're they've thing things think this those though through too under until very
  want was wasn't way we'd we'll we're we've well were weren't what what's when when's where where's
  which while who who's whom why why's will with won't would wouldn't yes yet you you'd you'll you're
  you've your yours yourself yourselves okay hello hey hi ready come going gonna know right go let's
  one two three first next last back just feel feels felt make made take took tell told`
    .split(/\s+/)
    .filter(Boolean),
);

/** Imagery the narrator reaches for when a hero's words touch one of these. */
const THEMES: { pattern: RegExp; lines: readonly string[] }[] = [
  {
    pattern: /\b(dragons?|wyrms?|drakes?|serpents?)\b/i,
    lines: [
      'Far off, something vast uncoils among the nebulae, and its scales catch the light of a hundred suns.',
      'A shadow with wings wider than a moon passes over the stars, and the air tastes of smoke.',
    ],
  },
  {
    pattern: /\b(fire|flames?|burn\w*|embers?|blaze|sun|heat)\b/i,
    lines: [
      'Sparks climb into the dark and become new stars, each one remembering the fire that made it.',
      'A warm wind rolls in from a burning horizon, carrying the scent of cinders and summer.',
    ],
  },
  {
    pattern: /\b(water|sea|ocean|rivers?|rain|waves?|tides?|ships?|boats?|sail\w*)\b/i,
    lines: [
      'Beneath them a silver sea of starlight begins to tide, and something old sings from its depths.',
      'Rain falls upward into the sky, each drop a tiny mirror showing a different road.',
    ],
  },
  {
    pattern: /\b(storms?|winds?|thunder|lightning|sky|skies|fly|flying|wings?|clouds?)\b/i,
    lines: [
      'The cosmic winds shift all at once, and a storm of glittering dust gathers on the horizon.',
      'Lightning writes a single word across the clouds, too quickly for anyone to read it twice.',
    ],
  },
  {
    pattern: /\b(maps?|paths?|roads?|doors?|gates?|portals?|keys?|ways?)\b/i,
    lines: [
      'A door of pale light opens in the fabric of the night, and through it drifts the smell of an unknown country.',
      'The constellations rearrange themselves into a map, and one star burns brighter than the rest.',
    ],
  },
  {
    pattern: /\b(swords?|blades?|fight\w*|battles?|attack\w*|shields?|bows?|arrows?|war)\b/i,
    lines: [
      'Somewhere in the dark, steel answers steel, and the echo rolls between the planets like distant thunder.',
      'The stars grow still, the way an audience falls silent before the first blow is struck.',
    ],
  },
  {
    pattern: /\b(magic|spells?|runes?|crystals?|orbs?|wands?|potions?|enchant\w*)\b/i,
    lines: [
      'The air itself begins to hum, and runes older than the moon flicker awake along the edges of the sky.',
      'A crystal chord rings out across the void, and every spell ever cast seems to listen.',
    ],
  },
  {
    pattern: /\b(forests?|trees?|woods?|mountains?|caves?|stones?|earth|ground)\b/i,
    lines: [
      'Roots of light push down through the dark, and a forest of silver trees rises where there was only void.',
      'The ground trembles with a slow, patient heartbeat, as if the mountain itself were waking.',
    ],
  },
  {
    pattern: /\b(dark\w*|shadows?|night|fear|afraid|scared|monsters?|ghosts?)\b/i,
    lines: [
      'The shadows lengthen and lean in to listen, but even they cannot hide the stars entirely.',
      'Something stirs at the edge of the light, patient and curious, waiting to be named.',
    ],
  },
  {
    pattern: /\b(stars?|moons?|planets?|comets?|constellations?|galax\w*|cosmos|void)\b/i,
    lines: [
      'A comet bends its course to pass a little closer, trailing a tail of whispered promises.',
      'One by one the constellations turn their faces toward the heroes, as if to see what they will do.',
    ],
  },
];

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

/** A word a hero's lines stood out with: capitalised words and long ones first, the latest lines weighing most. */
function keywords(lines: readonly NarrationLine[], exclude: ReadonlySet<string>): string[] {
  const scores = new Map<string, { word: string; score: number }>();
  lines.forEach((line, index) => {
    const tokens = line.content.match(/\p{L}[\p{L}'\u2019-]*\p{L}/gu) ?? [];
    tokens.forEach((token, position) => {
      const lower = token.toLowerCase();
      if (lower.length < 4 || STOPWORDS.has(lower) || exclude.has(lower)) return;
      const proper = position > 0 && /^\p{Lu}/u.test(token);
      // Nouns are what a storyteller picks up: after an article or a possessive, rarely ending -ed/-ing/-ly.
      const afterDeterminer = position > 0 && DETERMINERS.has(tokens[position - 1]!.toLowerCase());
      const verbish = /(?:ed|ing|ly)$/.test(lower);
      const score =
        lower.length + (proper ? 6 : 0) + (afterDeterminer ? 5 : 0) - (verbish ? 4 : 0) + index * 2;
      const seen = scores.get(lower);
      scores.set(lower, {
        word: proper ? token : lower,
        score: Math.max(seen?.score ?? 0, score) + (seen ? 2 : 0),
      });
    });
  });
  return [...scores.values()]
    .sort((a, b) => b.score - a.score || a.word.localeCompare(b.word))
    .map((s) => s.word);
}

const DETERMINERS = new Set(
  'the a an my our your his her their its this that these those old ancient great'.split(' '),
);

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

  // What was said since the narrator last spoke (or the latest hero lines).
  const lastNarrator = recent.map((l) => l.kind).lastIndexOf('narrator');
  let fresh = recent.slice(lastNarrator + 1).filter((l) => l.kind === 'hero');
  if (fresh.length === 0) fresh = recent.filter((l) => l.kind === 'hero');
  fresh = fresh.slice(-4);
  const last = fresh.at(-1);
  const speaker = last?.senderName?.trim() || names[0] || 'a traveller';
  ctx.heroA = speaker;
  const exclude = new Set(names.flatMap((n) => n.toLowerCase().split(/\s+/)));
  const words = keywords(fresh, exclude);
  const word = words[0];
  if (word) ctx.wordish = `"${word}"`;
  ctx.word = word ?? '';
  ctx.Word = word ? word[0]!.toUpperCase() + word.slice(1) : '';
  ctx.speaker = speaker;

  if (last && word) {
    sentences.push(
      say(
        rng.pick([
          '<lean> as {speaker} speaks of "{word}", and the void itself seems to hold its breath.',
          '"{Word}," says {speaker}, and somewhere far above a sleeping constellation stirs at the sound.',
          'The word "{word}" drifts from {speaker} out into <sky>, and the stars pass it from one to another.',
          '<lean>: the words of {speaker} ripple outward like light from a newborn star.',
        ]),
      ),
    );
  } else if (last) {
    sentences.push(say('<lean>: the words of {speaker} ripple outward like light from a newborn star.'));
  } else {
    sentences.push(say('<lean>, and the silence between the stars grows full of possibility.'));
  }

  // A hero's signs answer: someone other than the speaker when there is someone.
  if (heroes.length > 0) {
    const others = heroes.filter((h) => h.name !== speaker);
    const featured =
      others.length > 0 && rng.chance(0.6)
        ? rng.pick(others)
        : (heroes.find((h) => h.name === speaker) ?? heroes[0]!);
    sentences.push(heroSentence(featured, rng.fork('hero'), false));
  }

  const text = fresh.map((l) => l.content).join(' ');
  const theme = THEMES.find((t) => t.pattern.test(text));
  if (theme) sentences.push(rng.pick(theme.lines));
  else sentences.push(say('<generic>'));

  if (last && /\?\s*$/.test(last.content)) sentences.push(say('<answer>'));
  else if (last && /!\s*$/.test(last.content) && rng.chance(0.5)) sentences.push(say('<exclaim>'));

  if (sentences.length < NARRATION_MAX_SENTENCES && rng.chance(0.7)) {
    if (words[1] && rng.chance(0.4)) {
      ctx.word2 = words[1];
      sentences.push(say('Remember "{word2}", {heroes}; the stars have a way of returning what is spoken.'));
    } else sentences.push(say('<hook>'));
  }
  return finish(sentences);
}

function finish(sentences: string[]): string {
  const kept = sentences.filter(Boolean).slice(0, NARRATION_MAX_SENTENCES);
  while (kept.length < NARRATION_MIN_SENTENCES) kept.push('The stars are listening.');
  const text = kept.join(' ');
  // Names or words that end in punctuation could split a sentence; never more than five.
  return sentencesOf(text).length > NARRATION_MAX_SENTENCES ? kept.slice(0, 3).join(' ') : text;
}
