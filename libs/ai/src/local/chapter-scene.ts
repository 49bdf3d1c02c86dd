/**
 * What a chapter's illustration shows, read from the chapter's own words: where it happens (the
 * places of the chapter lexicon: ports, passes, forests, towns…), the weather, the time of day, the
 * creatures it names and the kind of moment (a fight, a road, a pause). Each is the kind whose words
 * the chapter uses most, the title counting more than the prose; a chapter that names none gets the
 * quietest kind.
 */

export type SceneSetting = 'sea' | 'mountains' | 'forest' | 'town' | 'marsh' | 'desert' | 'caverns' | 'hills';
export type SceneWeather = 'clear' | 'rain' | 'snow' | 'fog' | 'storm' | 'wind';
export type TimeOfDay = 'dawn' | 'day' | 'dusk' | 'night';
export type SceneCreature = 'birds' | 'dragon' | 'beast' | 'serpent';
export type SceneMoment = 'battle' | 'journey' | 'stillness';

export interface ChapterScene {
  setting: SceneSetting;
  weather: SceneWeather;
  /** Null when the chapter does not say: the picture then chooses one from the chapter's seed. */
  timeOfDay: TimeOfDay | null;
  /** The creatures the chapter names, most named first (at most two). */
  creatures: SceneCreature[];
  moment: SceneMoment;
}

type Lexicon<K extends string> = readonly (readonly [K, readonly string[]])[];

/** Word stems (matched at a word start; a trailing '*' accepts any ending). */
const SETTINGS: Lexicon<SceneSetting> = [
  [
    'sea',
    [
      'sea',
      'coast',
      'shore',
      'harbour',
      'port',
      'quay*',
      'barge*',
      'wave*',
      'island*',
      'lake*',
      'river*',
      'ferry',
      'boat*',
      'ship*',
      'tide*',
      'beach*',
      'flood*',
      'drowned',
    ],
  ],
  [
    'mountains',
    [
      'mountain*',
      'pass',
      'peak*',
      'cliff*',
      'summit*',
      'canyon*',
      'gorge*',
      'ridge*',
      'crag*',
      'steps',
      'stairway',
      'glacier*',
      'slope*',
    ],
  ],
  [
    'forest',
    [
      'forest*',
      'wood',
      'woods',
      'tree*',
      'orchard*',
      'grove*',
      'lantern*',
      'pine*',
      'oak*',
      'root*',
      'vine*',
      'thicket*',
    ],
  ],
  [
    'town',
    [
      'town*',
      'city',
      'cities',
      'village*',
      'market*',
      'street*',
      'tavern*',
      'house*',
      'roof*',
      'monaster*',
      'abbey',
      'fort',
      'fortress*',
      'castle*',
      'palace*',
      'library',
      'capital',
      'tower*',
      'bell*',
      'gate*',
      'wall',
      'walls',
    ],
  ],
  ['marsh', ['marsh*', 'fenland*', 'reed*', 'swamp*', 'bog*', 'heron*', 'rice', 'terrace*', 'paddies']],
  [
    'desert',
    ['desert*', 'dune*', 'sand*', 'cinder*', 'ash', 'lava', 'volcano*', 'crater*', 'scrub*', 'plateau*'],
  ],
  ['caverns', ['cave*', 'cavern*', 'mine', 'mines', 'mining', 'tunnel*', 'pit', 'underground', 'crystal*']],
  ['hills', ['hill*', 'moor*', 'heath*', 'meadow*', 'field*', 'valley*', 'downs', 'wheat', 'grass*']],
];

const WEATHER: Lexicon<Exclude<SceneWeather, 'clear'>> = [
  ['storm', ['storm*', 'thunder*', 'lightning', 'tempest*']],
  ['rain', ['rain*', 'drizzle', 'downpour', 'puddle*', 'wet', 'soak*']],
  ['snow', ['snow*', 'frost*', 'ice', 'icy', 'sleet', 'blizzard*', 'winter']],
  ['fog', ['fog*', 'mist*', 'haze', 'smoke']],
  ['wind', ['wind', 'winds', 'windy', 'gale*', 'gust*', 'whirlwind*', 'breeze*', 'updraught']],
];

const TIMES: Lexicon<TimeOfDay> = [
  ['night', ['night*', 'midnight', 'moon*', 'starlight', 'stars', 'darkness']],
  ['dawn', ['dawn', 'sunrise', 'daybreak', 'morning*', 'first light']],
  ['dusk', ['dusk', 'sunset', 'evening*', 'twilight', 'nightfall']],
  ['day', ['noon', 'midday', 'afternoon*', 'sunlight', 'daylight', 'sunshine']],
];

const CREATURES: Lexicon<SceneCreature> = [
  ['dragon', ['dragon*', 'wyrm*']],
  [
    'birds',
    [
      'bird*',
      'hawk*',
      'eagle*',
      'crow*',
      'raven*',
      'owl*',
      'gull*',
      'rooster*',
      'crane*',
      'swallow*',
      'heron*',
      'falcon*',
    ],
  ],
  [
    'beast',
    [
      'wolf',
      'wolves',
      'fox*',
      'dog',
      'dogs',
      'horse*',
      'tiger*',
      'ox',
      'oxen',
      'goat*',
      'ram',
      'sheep',
      'boar*',
      'pig',
      'pigs',
      'rabbit*',
      'hare*',
      'rat',
      'rats',
      'monkey*',
      'bear',
      'bears',
      'stag*',
      'deer',
      'lion*',
    ],
  ],
  ['serpent', ['serpent*', 'snake*', 'eel*']],
];

const MOMENTS: Lexicon<Exclude<SceneMoment, 'stillness'>> = [
  [
    'battle',
    [
      'battle*',
      'fight*',
      'fought',
      'struck',
      'strike*',
      'attack*',
      'clash*',
      'blade*',
      'enem*',
      'charg*',
      'duel*',
      'spell*',
    ],
  ],
  [
    'journey',
    [
      'road*',
      'journey*',
      'travel*',
      'walk*',
      'march*',
      'path*',
      'trail*',
      'rode',
      'ride',
      'set out',
      'miles',
    ],
  ],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One regular expression per kind: any of its words, at word boundaries. */
function compile<K extends string>(lexicon: Lexicon<K>): [K, RegExp][] {
  return lexicon.map(([kind, words]) => {
    const alternatives = words.map((word) =>
      word.endsWith('*') ? `${escapeRegExp(word.slice(0, -1))}[a-z'-]*` : `${escapeRegExp(word)}`,
    );
    return [kind, new RegExp(`\\b(?:${alternatives.join('|')})\\b`, 'g')];
  });
}

const COMPILED = {
  settings: compile(SETTINGS),
  weather: compile(WEATHER),
  times: compile(TIMES),
  creatures: compile(CREATURES),
  moments: compile(MOMENTS),
};

/** The title counts this many times the prose: it names what the chapter is about. */
const TITLE_WEIGHT = 4;

/** Every kind with its score, highest first; kinds without a word are left out. Ties keep lexicon order. */
function ranked<K extends string>(table: [K, RegExp][], title: string, body: string): K[] {
  const count = (pattern: RegExp, text: string) => text.match(pattern)?.length ?? 0;
  return table
    .map(([kind, pattern], order) => ({
      kind,
      order,
      score: count(pattern, title) * TITLE_WEIGHT + count(pattern, body),
    }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((entry) => entry.kind);
}

/** The chapter's text as words to match: markdown marks and the heading left out, lower case. */
function plainText(markdown: string): string {
  return markdown
    .replace(/^#.*$/m, ' ')
    .replace(/[*_>#`~[\]()\\]/g, ' ')
    .toLowerCase();
}

/** Reads what the chapter's illustration should show from its title and markdown. */
export function readChapterScene(title: string, markdown: string): ChapterScene {
  const t = title.toLowerCase();
  const body = plainText(markdown);
  return {
    setting: ranked(COMPILED.settings, t, body)[0] ?? 'hills',
    weather: ranked(COMPILED.weather, t, body)[0] ?? 'clear',
    timeOfDay: ranked(COMPILED.times, t, body)[0] ?? null,
    creatures: ranked(COMPILED.creatures, t, body).slice(0, 2),
    moment: ranked(COMPILED.moments, t, body)[0] ?? 'stillness',
  };
}

/** How many words of a scene (place, weather, time, creatures) a piece of text uses. */
export function sceneWordCount(text: string): number {
  const lower = text.toLowerCase();
  return [COMPILED.settings, COMPILED.weather, COMPILED.times, COMPILED.creatures]
    .flat()
    .reduce((sum, [, pattern]) => sum + (lower.match(pattern)?.length ?? 0), 0);
}
