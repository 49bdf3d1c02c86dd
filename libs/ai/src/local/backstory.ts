/**
 * A grammar-based markdown backstory: seeded choices among many sentence templates per section,
 * filled from word banks for the hero's sign, animal and elements. Deterministic per hero id.
 * The template syntax is described in grammar.ts.
 */
import { escapeMarkdown } from '../markdown-escape.js';
import { Rng } from '../prng.js';
import type { HeroProfile } from '../types.js';
import { constellationFor } from './constellations.js';
import { rollLook } from './figure.js';
import {
  ANIMAL_WORDS,
  ELEMENT_WORDS,
  PHASE_WORDS,
  POLARITY_WORDS,
  SIGN_WORDS,
  WEAPON_WORDS,
} from './lexicon.js';
import { aboutHero, countWords, expand, tidySentence, upperFirst, type Ctx, type Rules } from './grammar.js';
import { parseChineseElement, westernElementOf } from './palette.js';

export const MIN_WORDS = 500;
export const MAX_WORDS = 900;

// ---------------------------------------------------------------- names

const SYL_START = [
  'Ka',
  'Vel',
  'Dor',
  'Mir',
  'Tha',
  'Lun',
  'Es',
  'Or',
  'Bel',
  'Sar',
  'Quen',
  'Ith',
  'Al',
  'Nor',
  'Ash',
  'Tor',
  'Ri',
  'Sol',
  'Mar',
  'Ve',
  'Ly',
  'Cor',
  'Hal',
  'Ember',
  'Fen',
  'Gal',
  'Isen',
  'Jor',
  'Kel',
  'Wyn',
];
const SYL_MID = ['a', 'e', 'i', 'o', 'ra', 'le', 'ri', 'ma', 'ne', 'ta', 'va', 'lo', 'du', 'si'];
const SYL_END = [
  'mere',
  'holm',
  'dale',
  'reach',
  'ford',
  'moor',
  'vale',
  'hollow',
  'haven',
  'crest',
  'wick',
  'marsh',
  'gard',
  'stead',
  'fall',
  'spire',
  'deep',
  'mouth',
];
const GIVEN = [
  'Ithra',
  'Bram',
  'Oona',
  'Tavish',
  'Selka',
  'Merrow',
  'Hale',
  'Yeva',
  'Corin',
  'Daska',
  'Lio',
  'Vantre',
  'Amsel',
  'Ruen',
  'Pell',
  'Saba',
  'Tomas',
  'Wren',
  'Ysolde',
  'Kesh',
  'Nadir',
  'Ombra',
  'Fen',
  'Gault',
];
const EPITHET_TAILS = [
  'the Lantern-Keeper',
  'Half-Blind',
  'of the Long Road',
  'the Ferrywoman',
  'the Unhurried',
  'Greycloak',
  'the Salt-Sage',
  'Three-Rivers',
];

/** An invented place name such as 'Velrahollow' or 'Mirspire'. */
export function placeName(rng: Rng): string {
  const middle = rng.chance(0.55) ? rng.pick(SYL_MID) : '';
  return `${rng.pick(SYL_START)}${middle}${rng.pick(SYL_END)}`;
}

function personName(rng: Rng): string {
  if (rng.chance(0.35)) return `${rng.pick(GIVEN)} ${rng.pick(EPITHET_TAILS)}`;
  return rng.pick(GIVEN);
}

// ---------------------------------------------------------------- helpers

function animalNoun(sign: string): string {
  return ANIMAL_WORDS[sign]?.noun ?? sign.split('/')[0]!.trim();
}

// ---------------------------------------------------------------- grammar

/** Rules expanded afresh at each use. */
const RULES: Rules = {
  heroRef: [
    '{name}',
    '{name}',
    'the young {signNoun}-born',
    'the child of {sign}',
    'our hero',
    'the {animalNoun}-born wanderer',
  ],
  night: [
    'a cold, clear night',
    'a night of high wind',
    'a still and starry night',
    'a night at the turning of the season',
  ],
  foeDeed: [
    'began swallowing the villages of the border one by one',
    'stole the light from the lighthouses along the coast',
    'broke the ancient seal beneath {homeland}',
    'raised an army from the bones of a forgotten war',
    'poisoned the wells of three provinces in a single season',
  ],
  loss: [
    'a friendship that had lasted since childhood',
    'the trust of the river guild',
    'a map that could never be drawn again',
    'three days lost in the salt marshes',
    'the chance to stop {foe} before the war began',
    'a place among the temple guard',
  ],
  mistake: [
    'rode out alone against a warband that any sensible scout would have avoided',
    'left the southern gate unguarded for a single night',
    'spoke hard words to {mentor} and left without saying goodbye',
    'trusted a smiling stranger with the location of the hidden well',
    'refused help that was freely offered and paid for it in blood',
  ],
  climaxPlace: [
    'on the broken bridge above the gorge',
    'in the flooded hall of the old observatory',
    'at the summit of the Starfall Stair',
    'among the standing stones where {brightStar} rises',
    'in the burning archive of {homeland}',
  ],
  climaxAction: [
    'turned the darkness back the way a dam turns a flood',
    'broke the spell with a single blow that lit the whole valley',
    'won not by strength but by patience, outlasting an enemy that had never learned to wait',
    'chose mercy at the very moment when victory was certain, and changed the war with it',
    'called down the light of {signFigure} until {foe} could not bear to look at it',
  ],
  prophecy: [
    'stand between two armies and make them lay down their weapons',
    'find the door that the first star-readers closed',
    'carry the light of {brightStar} into a place that has never seen the sky',
    'wear a crown and refuse it in the same day',
    'gather the twelve animals of the old race under a single banner',
  ],
  rivalLine: [
    '{rival}, a {rivalAnimal}-born duellist from a rival house, has crossed blades with {name} four times and lost three, and has never stopped counting',
    'the bounty-hunter {rival} has trailed {name} across two kingdoms, for reasons that neither of them will discuss',
    "{rival}, once {name}'s closest friend, now serves {foe}, and every meeting between them is a question with no good answer",
  ],
  closingVerb: ['will meet it', 'will face it', 'will walk toward it'],
};

interface Slot {
  /** Alternatives; one is chosen. */
  options: readonly string[];
  /** Optional slots may be dropped to stay under the word limit or added to reach the minimum. */
  optional?: boolean;
}

interface SectionDef {
  headings: readonly string[];
  slots: readonly Slot[];
}

const SECTIONS: readonly SectionDef[] = [
  {
    headings: [
      'Born Under {signFigure}',
      'A Night of {brightStar}',
      'The Sky Above {homeland}',
      'Omens of Birth',
    ],
    slots: [
      {
        options: [
          '**{name}** was born in {homeKind} of {homeland} on <night>, when {signFigure} stood high and clear and the stars of {sign} burned above the rooftops.',
          'On the night **{name}** came into the world, the people of {homeland} looked up and saw {sign}, {signFigure}, traced across the sky in unusually bright stars.',
          'Some heroes are born in palaces and some in ditches; **{name}** was born in {homeKind} of {homeland}, under the stars of {sign}, in the season that runs from {dateRange}.',
          'The midwives of {homeland} still tell how {brightStar} flared above {homeKind} on the night **{name}** was born, as if {signFigure} had leaned down from the sky of {sign} to look.',
        ],
      },
      {
        options: [
          'Those who believe in omens noted that {elementOmen}, which in {homeland} is taken as the mark of a child of {element}.',
          'It was plainly a night ruled by {element}: {elementOmen}.',
          '{elementOmenCap}, and the elders, who know a sign of {element} when they see one, nodded to one another and said nothing.',
        ],
      },
      {
        options: [
          '{ruler}, ruler of {sign}, was bright in the west that night, and the star-readers wrote that the child would carry its influence like a second heartbeat.',
          'The old star-charts say that {sign} is the sign of {signTheme}, and nobody who knew {name} as a child ever doubted it.',
          'In the almanacs of {homeland}, {signFigure} is the patron of {signTheme}; it was a fitting sky for a child who would grow up {trait1}.',
        ],
      },
      {
        optional: true,
        options: [
          'As a child, {name} was {trait1} to a fault, {childhood}.',
          'Even the earliest stories about {name} are about being {trait2}: {childhood}.',
          'The neighbours remember a small, {trait1} child {childhood}, and they are not surprised by anything that came after.',
        ],
      },
    ],
  },
  {
    headings: [
      'The Year of the {animal}',
      'Born in the Year of the {animal}',
      'The {cElement} {animalNoun}',
      'Under the Sign of the {animal}',
    ],
    slots: [
      {
        options: [
          'By the eastern calendar, {name} was born in a {cElement} year, a year of the {animal}.',
          'The calendar-keepers of the East would say that {name} belongs to the {animal}, born in a year of {cElement}.',
          'The same birth fell, by the reckoning of the twelve animals, in a year of the {animal} and of the element {cElement}.',
        ],
      },
      {
        options: [
          'Every child in {homeland} knows the tale of the Great Race, when the Jade Emperor called the animals to cross the river: {raceTale}',
          'Grandmothers tell how, in the Great Race of the Jade Emperor, {raceTale}',
          'The old story of the Great Race is told in every tea-house along the river road: {raceTale}',
        ],
      },
      {
        options: [
          'That is why the {animalNoun} stands {raceRank} among the twelve, and why those born under it are said to be {ctrait1} and {ctrait2}.',
          "The {animalNoun}-born, the story goes, inherit that day's temper: {ctrait1}, {ctrait2}, and never quite what their rivals expect.",
          "From that {raceRank} place on the far bank comes the {animalNoun}'s reputation for being {ctrait1} and {ctrait2}, and {name} has done nothing to spoil it.",
        ],
      },
      {
        options: [
          '{phase} gave that year its character, {phaseFlavor}, and because it was a {polarity} year those gifts made {name} {polarityWords}.',
          'A {cElement} year is said to favour {phaseFlavor}; its {polarity} nature made {name} {polarityWords}, like {phaseImage}.',
          "Fortune-tellers drew the year's element as {phaseImage}: {phaseFlavor}, turned {polarity} and therefore {polarityWords}.",
        ],
      },
      { optional: true, options: ['{animalMotif}'] },
    ],
  },
  {
    headings: [
      'Gifts of {element}',
      'What the Stars Gave',
      'The Shape of a Hero',
      'Strengths of {signFigure}',
    ],
    slots: [
      {
        options: [
          'Those who travelled with {name} describe someone {trait1} and {trait2}, a {elementAdj} spirit whose {ctrait1} streak came straight from the {animalNoun}.',
          '{name} grew up {trait1} and {trait2}, as children of {sign} often do, and {ctrait1} as well, as befits one born under the {animalNoun}.',
          'Ask the people of {homeland} to describe {name} in two words and most will say "{trait1}" and "{trait2}"; the wiser ones will add "{ctrait1}".',
        ],
      },
      {
        options: [
          'The greatest of {possessive} gifts was {strength1}, and it has saved more lives than any blade.',
          'Teachers noticed {strength1} first and {strength2} soon after; both would be tested long before {name} felt ready.',
          'What set {name} apart was {strength1}, a quality that made frightened people stand a little straighter.',
          'No one who watched {name} lead a frightened caravan through the dark would doubt the worth of {strength1}.',
        ],
      },
      {
        options: [
          'Magic, when it came, came as {element}: {elementMagic}.',
          'Like every child of {element}, {name} had to learn that {elementLesson2}, and learned it the hard way.',
          'The gift of {element} arrived at thirteen, without warning: {elementMagic}.',
        ],
      },
      {
        optional: true,
        options: ['In time {name} took up {weaponWords}.', 'The weapon that chose {name} was {weaponWords}.'],
      },
      {
        optional: true,
        options: [
          '{mentor} used to say that {elementLesson}, and {name} would roll their eyes, and then, years later, say the same thing to a younger student.',
          'Beyond raw talent there was something quieter, {strength3}, and it kept the other gifts from going to waste.',
        ],
      },
    ],
  },
  {
    headings: ['The Shadow Within', 'Flaws and Scars', 'What the Stars Withheld', 'The Crack in the Armour'],
    slots: [
      {
        options: [
          'Yet every sign casts a shadow, and the shadow of {sign} fell across {name} as {weakness1}.',
          'But {name} was never without flaws. {weakness1Cap} was the crack in the armour, and enemies learned to find it.',
          'The same stars that granted {strength1} also brought {weakness1}, and for years the two fought inside {name} like cats in a sack.',
        ],
      },
      {
        options: [
          'It was {weakness1} that once cost {name} <loss>, a lesson paid for in full.',
          'Once, out of {weakness2}, {name} <mistake>, and the memory still stings on cold nights.',
          'There was a winter when {weakness2} nearly undid everything: {name} <mistake>, and it took a year to repair the damage.',
        ],
      },
      {
        options: [
          '{mentor} liked to say that a flaw named is a flaw half-tamed, and {name} has been naming it ever since.',
          'The {animalNoun} in {name} counsels patience in such moments; the {signNoun} does not always listen.',
          'It is a strange comfort that the flaw and the strength grow from the same root, and {name} is learning to tend both.',
        ],
      },
    ],
  },
  {
    headings: [
      'The Trial of {trialPlace}',
      'The First Quest',
      'When {foe} Rose',
      'The Long Night of {homeland}',
    ],
    slots: [
      {
        options: [
          'When {foe} <foeDeed>, the lords of the land sent soldiers, and the soldiers did not come back; it was {name} who went next.',
          'The trouble began quietly: {foe} <foeDeed>, and by the time anyone understood the danger, only {name} was still willing to walk toward it.',
          'No one in {homeland} will forget the year {foe} <foeDeed>, nor the {trait1} young hero who answered.',
        ],
      },
      {
        options: [
          'Guided by {mentor}, {mentorRole}, {name} set out to find {relic}, said to lie hidden where the light of {brightStar} first touches the earth.',
          '{mentor}, {mentorRole}, gave {name} a single clue, a line of an old star-song, and pointed toward {trialPlace}, where {relic} had not been seen for a hundred years.',
          'The only hope was {relic}, and the only person who knew where to look was {mentor}, {mentorRole}, who agreed to help on one condition: that {name} go alone.',
        ],
      },
      {
        options: [
          'The road led through {journey}, and more than once it was {strength3} alone that kept {name} moving.',
          'There were weeks in {journey}, nights without fire and days without water, and a long argument with fear that {name} did not always win.',
          'Beyond {trialPlace} lay {journey}, where {name} learned that {elementLesson2}.',
        ],
      },
      {
        options: [
          'At the last, facing {foe} <climaxPlace>, {name} drew on {strength1} and the {ctrait2} heart of the {animalNoun}, and <climaxAction>.',
          'The end came <climaxPlace>: with {weaponShort} in hand and the stars of {sign} overhead, {name} <climaxAction>.',
          'When at last the two met <climaxPlace>, {foe} expected a frightened child and found instead a {trait2} hero of {element} who <climaxAction>.',
        ],
      },
      {
        optional: true,
        options: [
          'The songs made the victory sound easy. It was not, and {name} still will not sing them.',
          'Afterwards, {name} returned {relic} to its resting place and walked home without waiting for thanks, which only made the thanks louder.',
          'What was lost in that struggle is not spoken of in {homeland}, but every year on that night a lantern is left burning in {possessive} window.',
        ],
      },
    ],
  },
  {
    headings: ['Allies and Rivals', 'Companions of the Road', 'Friends Written in the Stars'],
    slots: [
      {
        options: [
          '{allyIntro} {allyName1}, born in a year of the {ally1} and {allyRole1}, and {allyName2}, a child of the {ally2} and {allyRole2}, have stood beside {name} through every hardship.',
          '{allyIntro} On the road {name} found {allyName1}, a {ally1Lower}-born companion and {allyRole1}, and later {allyName2}, born under the {ally2}, {allyRole2}.',
        ],
      },
      {
        options: ['Not every bond is friendly: <rivalLine>.', 'There are rivals too. <rivalLine>.'],
      },
      {
        optional: true,
        options: [
          'Around a campfire, {name} is the one who keeps watch last and jokes first, and the company is {trait2} because its leader is.',
          'Those who follow {name} do so because {possessive} {strength2} makes the impossible sound merely difficult.',
        ],
      },
    ],
  },
  {
    headings: ['The Road Ahead', 'What Is Still to Come', 'Among the Stars'],
    slots: [
      {
        options: [
          'Now {name} stands at the edge of a larger story, and the sky of {sign} has begun to turn toward a new season.',
          'The war is over but the story is not; {name} has heard of new trouble beyond the mountains, and the {animalNoun} in {possessive} heart is already restless.',
          'These days {name} travels light, with {weaponShort} and a handful of friends, following wherever {brightStar} points.',
        ],
      },
      {
        options: [
          '> The star-readers of {homeland} say that when {signFigure} next rises over the sea, {name} will <prophecy>.',
          "> An old prophecy, found stitched inside the lining of {mentor}'s cloak, says that a child of {sign} and of the {animalNoun} will <prophecy>.",
        ],
      },
      {
        options: [
          'Whatever comes, {name} <closingVerb> as a child of {sign} and of the {animalNoun}: {trait1}, {ctrait2}, and {elementClosing}.',
          'And whatever waits on that road, {name} <closingVerb> the way {possessive} stars intended: {trait2}, {ctrait1}, and {elementClosing}.',
        ],
      },
    ],
  },
];

const ALLY_ROLES = [
  'a scout with a laugh like a landslide',
  'a healer who never once lost patience',
  'a cartographer who could draw a coastline from memory',
  'a former smuggler with an unlikely conscience',
  'a temple archivist who fought best with a ledger in one hand',
  "a blacksmith's daughter who could fix anything but a broken promise",
];

const TITLES = [
  '{name}, {epithet}',
  'The Legend of {name}, {epithet}',
  '{name} of {homeland}',
  '{name}: A Tale of {signFigure} and the {animalNoun}',
];

const FOES = [
  'the Hollow King',
  'the Ashen Choir',
  'the Pale Regent',
  'the Thousand-Eyed Moth',
  'the Drowned Baron',
  'the Iron Oracle',
  'the Night Wyrm',
  'the Hungry Lantern',
  'the Grey Tide',
  'the Clockwork Abbot',
];
const MENTOR_ROLES = [
  'an old star-reader who had lost her sight but not her vision',
  'a retired knight who taught with a wooden sword and a sharp tongue',
  'a ferryman who had carried kings and thieves alike',
  'a temple archivist with ink-stained fingers',
  'a wandering alchemist with more scars than recipes',
  'a hermit who lived in the ruins of the old observatory',
];
const RELICS = [
  'the Lantern of {brightStar}',
  'the Star-Map of the First Readers',
  'the Mirror of the Twelve',
  'the Crown of {sign}',
  'the Pearl of the {animalNoun}',
  'the Compass of {ruler}',
];
const TRIAL_PLACES = [
  'the Starfall Stair',
  'the Weeping Gate',
  'the Sunken Observatory',
  'the Glass Causeway',
  'the Lantern Marsh',
  'the Hall of Twelve',
];
const ALLY_INTROS = [
  'The old charts name the {ally1} and the {ally2} as true friends of the {animalNoun}, and so it proved.',
  "The almanacs count the {ally1} and the {ally2} among the {animalNoun}'s natural friends, and {name}'s companions bear them out.",
  'Friendship, the elders say, is written in the animals of the year.',
];

function buildContext(hero: HeroProfile, rng: Rng): Ctx {
  const signWords = SIGN_WORDS[hero.western.sign] ?? SIGN_WORDS['Aries']!;
  const animal = hero.chinese.sign;
  const aWords = ANIMAL_WORDS[animal];
  const element = westernElementOf(hero.western.element);
  const eWords = ELEMENT_WORDS[element]!;
  const { polarity, phase } = parseChineseElement(hero.chinese.element);
  let brightStar = 'the brightest star';
  try {
    const c = constellationFor(hero.western.sign);
    brightStar = [...c.stars].sort((a, b) => a.mag - b.mag)[0]!.name.split(' (')[0]!;
  } catch {
    // unknown sign: keep the generic phrase
  }
  const pickTraits = (list: readonly string[], fallback: readonly string[], count: number) => {
    const pool = list.filter((t) => t.trim()).map(aboutHero);
    const src = pool.length >= count ? pool : [...pool, ...fallback.filter((f) => !pool.includes(f))];
    return rng.sample(src, count);
  };
  const [trait1, trait2] = pickTraits(hero.western.traits, ['brave', 'curious', 'stubborn'], 2);
  const [ctrait1, ctrait2] = pickTraits(
    hero.chinese.traits.filter((t) => !hero.western.traits.includes(t)),
    ['steadfast', 'clever', 'kind'],
    2,
  );
  const [strength1, strength2, strength3] = pickTraits(
    hero.western.strengths,
    ['courage', 'a good heart', 'a steady hand'],
    3,
  );
  const [weakness1, weakness2] = pickTraits(
    hero.western.weaknesses,
    ['pride', 'impatience', 'a stubborn streak'],
    2,
  );
  const allies = rng.sample(
    hero.chinese.compatibility.filter((c) => c && c !== animal),
    2,
  );
  while (allies.length < 2)
    allies.push(
      rng.pick(['Dragon', 'Rabbit', 'Dog', 'Horse'].filter((a) => !allies.includes(a) && a !== animal)),
    );
  const look = rollLook(new Rng(`starborn:${hero.heroId}`).fork('look'));
  const weaponShort = { sword: 'a longsword', staff: 'a glowing staff', spear: 'a spear', bow: 'a bow' }[
    look.weapon
  ];
  const homeland = placeName(rng);
  const used = new Set<string>();
  const freshName = (short: boolean) => {
    for (let i = 0; i < 20; i++) {
      const full = personName(rng);
      const given = full.split(' ')[0]!;
      if (!used.has(given) && given !== hero.name.trim()) {
        used.add(given);
        return short ? given : full;
      }
    }
    return short ? 'Wren' : 'Wren the Wanderer';
  };
  const mentor = freshName(false);
  const [allyRole1, allyRole2] = rng.sample(ALLY_ROLES, 2);
  const foe = rng.pick(FOES);
  const omen = rng.pick(eWords.omens);
  const lessons = rng.sample(eWords.lessons, 2);
  const ctx: Ctx = {
    // The name is the user's text inside markdown: escaped, so it never becomes a link or markup.
    name: escapeMarkdown(hero.name.replace(/\s+/g, ' ').trim()) || 'The hero',
    sign: hero.western.sign,
    signFigure: signWords.figure,
    signNoun: signWords.noun,
    signTheme: rng.pick(signWords.themes),
    ruler: signWords.ruler,
    epithet: rng.pick(signWords.epithets),
    childhood: rng.pick(signWords.childhood),
    brightStar,
    dateRange: hero.western.dateRange || 'the turning of the season',
    element,
    elementAdj: eWords.adjective,
    elementOmen: omen,
    elementOmenCap: upperFirst(omen),
    elementMagic: rng.pick(eWords.magic),
    elementLesson: lessons[0]!,
    elementLesson2: lessons[1]!,
    elementClosing: eWords.closing,
    homeKind: rng.pick(eWords.homeKinds),
    journey: rng.pick(eWords.journeys),
    animal,
    animalNoun: animalNoun(animal),
    raceTale:
      aWords?.race ?? `the ${animalNoun(animal)} crossed the river in its own way and in its own time.`,
    raceRank: aWords?.rank ?? 'proudly',
    animalMotif: aWords
      ? rng.pick(aWords.motifs)
      : `The ${animalNoun(animal)} has watched over {name} since the day of naming.`,
    cElement: hero.chinese.element || `${polarity} ${phase}`,
    polarity,
    phase,
    phaseFlavor: PHASE_WORDS[phase]!.flavor,
    phaseImage: PHASE_WORDS[phase]!.image,
    polarityWords: rng.pick(POLARITY_WORDS[polarity]!),
    trait1: trait1!,
    trait2: trait2!,
    ctrait1: ctrait1!,
    ctrait2: ctrait2!,
    strength1: strength1!,
    strength2: strength2!,
    strength3: strength3!,
    weakness1: weakness1!,
    weakness1Cap: upperFirst(weakness1!),
    weakness2: weakness2!,
    homeland,
    mentor,
    mentorRole: rng.pick(MENTOR_ROLES),
    foe,
    relic: rng.pick(RELICS),
    trialPlace: rng.pick(TRIAL_PLACES),
    weaponWords: rng.pick(WEAPON_WORDS[look.weapon]!),
    weaponShort,
    ally1: allies[0]!,
    ally2: allies[1]!,
    ally1Lower: animalNoun(allies[0]!).toLowerCase(),
    allyName1: freshName(true),
    allyName2: freshName(true),
    allyRole1: allyRole1!,
    allyRole2: allyRole2!,
    allyIntro: rng.pick(ALLY_INTROS),
    rival: freshName(true),
    rivalAnimal: animalNoun(rng.pick(['Tiger', 'Snake', 'Rooster', 'Monkey', 'Horse', 'Rat'])).toLowerCase(),
  };
  ctx.possessive = `${ctx.name}'s`;
  return ctx;
}

interface Chosen {
  heading: string;
  sentences: { text: string; optional: boolean }[];
}

/** The backstory's constants, drawn from its seeded stream exactly as the backstory draws them. */
function prepareContext(hero: HeroProfile, rng: Rng): Ctx {
  const ctx = buildContext(hero, rng);
  // Expand the constants that themselves contain keys (relic, motif, weapon words).
  for (const key of ['relic', 'animalMotif', 'weaponWords', 'allyIntro'])
    ctx[key] = expand(ctx[key]!, ctx, RULES, rng);
  return ctx;
}

const backstoryRng = (hero: HeroProfile) => new Rng(`starborn:${hero.heroId}`).fork('backstory');

/**
 * The cast and world of a hero's backstory (homeland, mentor, old foe, companions, rival, weapon,
 * traits…), the same values the backstory text uses, so the storybook can continue that story.
 */
export function backstoryCast(hero: HeroProfile): Readonly<Ctx> {
  return prepareContext(hero, backstoryRng(hero));
}

/**
 * The hero's backstory in markdown: a title, seven `##` sections, 500–900 words. Pure and
 * deterministic: the same hero id and profile always give the same text.
 */
export function generateBackstoryMarkdown(hero: HeroProfile): string {
  const rng = backstoryRng(hero);
  const ctx = prepareContext(hero, rng);

  const title = expand(rng.pick(TITLES), ctx, RULES, rng);
  const sections: Chosen[] = SECTIONS.map((section) => ({
    heading: expand(rng.pick(section.headings), ctx, RULES, rng),
    sentences: section.slots.map((slot) => ({
      text: tidySentence(expand(rng.pick(slot.options), ctx, RULES, rng)),
      optional: slot.optional === true,
    })),
  }));

  const render = (list: Chosen[]) => {
    const body = list
      .map((s) => {
        const paragraphs: string[] = [];
        let current: string[] = [];
        for (const { text } of s.sentences) {
          if (text.startsWith('> ')) {
            if (current.length) paragraphs.push(current.join(' '));
            current = [];
            paragraphs.push(text);
          } else current.push(text);
        }
        if (current.length) paragraphs.push(current.join(' '));
        return `## ${s.heading}\n\n${paragraphs.join('\n\n')}`;
      })
      .join('\n\n');
    return `# ${title}\n\n${body}\n`;
  };

  // Length control: drop optional sentences (in seeded order) while above the limit.
  let text = render(sections);
  const optionals = rng.shuffle(
    sections
      .flatMap((s, si) => s.sentences.map((x, xi) => ({ si, xi, optional: x.optional })))
      .filter((x) => x.optional),
  );
  while (countWords(text) > MAX_WORDS - 20 && optionals.length) {
    const o = optionals.pop()!;
    sections[o.si]!.sentences.splice(o.xi, 1);
    // indices after the removed one shift
    for (const other of optionals) if (other.si === o.si && other.xi > o.xi) other.xi--;
    text = render(sections);
  }
  // Too short (rare with long names missing): add closing reflections.
  const extras = rng.shuffle(EXTRAS);
  while (countWords(text) < MIN_WORDS + 20 && extras.length) {
    const target = sections[rng.int(0, sections.length - 1)]!;
    target.sentences.push({ text: tidySentence(expand(extras.pop()!, ctx, RULES, rng)), optional: true });
    text = render(sections);
  }
  return text;
}

const EXTRAS = [
  'Some say the stars of {sign} shine a little brighter whenever {name} is near, though {name} laughs at the idea.',
  'The children of {homeland} play a game called "{name} and {foe}", and everyone wants to be {name}.',
  'Of all the lessons {mentor} taught, the one {name} repeats most often is the simplest: that {elementLesson}.',
  'Even now, when the year of the {animal} comes round again, {name} lights a lantern for the animals of the old race.',
  'It is said that a {ctrait1} heart and a {trait1} will can carry a traveller further than any horse.',
  'In quiet hours {name} still studies the old star-charts, tracing {signFigure} with one finger and wondering what it has yet to say.',
];

export { countWords };
