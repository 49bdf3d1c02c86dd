/**
 * The narrator's answers to what the heroes did and asked, and the turns it gives the scene. Each
 * builder returns a few candidate sentences; the narrator takes one it has not said in the room before.
 */
import type { Rng } from '../../prng.js';
import type { Scene } from './scene.js';
import { the, type Action, type Question, type Thing } from './understand.js';

const possessive = (name: string) => (/s$/i.test(name) ? `${name}\u2019` : `${name}\u2019s`);

const REVEALS = [
  'a stair of pale stone winding down into the dark',
  'a chamber where a hundred candles wait, unlit',
  'a second door, smaller, older, and warm to the touch',
  'footprints in the dust that are not quite human',
  'a map scratched into the stone by a hurried hand',
  'a cold wind that smells of salt and starlight',
  'the glint of something that does not want to be found',
  'a corridor whose walls are carved with sleeping faces',
  'a pool so still that it shows the stars instead of the ceiling',
  'a narrow bridge over a drop no lantern could light',
];

const RECIPIENT_MOODS = [
  'for a long moment says nothing at all, then bows low',
  'turns it over twice, and something in their guarded face softens',
  'pockets it quickly, as if it were worth far more than it seems',
  'laughs, low and surprised, and beckons the heroes closer',
  'goes very still, then whispers a name no one expected to hear',
  'nods once: a bargain has been struck, and bargains here are kept',
];

const FLAME_SHOWS = [
  'shadows that scatter like startled birds',
  'writing on the wall that was not there a moment ago',
  'eyes in the dark that blink, once, and withdraw',
  'a path of old footprints leading deeper in',
  'how much larger this place is than anyone guessed',
];

const TENSIONS = [
  'the air grows tight, as before a storm',
  'somewhere close, something answers with a low growl',
  'the stars above seem to hold their breath',
  'every other sound falls away',
];

const BLOWS = [
  'it is not finished yet: it gathers itself for an answer',
  'it shrieks and falls back, though not far enough',
  'the blow rings out like a bell and wakes something deeper',
  'it staggers, and for the first time it looks afraid',
];

const CONSEQUENCES = [
  'the tale turns on it, the way a river turns on a single stone',
  'the consequences ripple outward faster than anyone expects',
  'far above, a constellation shifts to make room for it',
  'the world notices, and begins, quietly, to answer',
  'nothing will be quite the same in this place again',
];

const ARRIVALS = [
  'the air changes: colder, older, full of listening',
  'the way behind them seems to close like a held breath',
  'strange lights drift out of the dark to meet them',
  'somewhere ahead, a bell tolls once in welcome or warning',
];

const DISCOVERIES = [
  'a mark that matches the stars overhead',
  'a message meant for someone else entirely',
  'a tiny door no bigger than a hand',
  'a warning, half worn away',
];

/** The narrator's sentences answering one deed (the actor is named; the thing acted on too). */
export function reactionsTo(action: Action, rng: Rng, scene: Scene): string[] {
  const actor = action.actor;
  const object = action.object && the(action.object);
  const place = action.place ?? scene.place;
  // Where it happened, unless that is the very thing acted on ("blocked the tunnel in the tunnel").
  const where =
    place && place.lemma !== action.object?.lemma
      ? ` ${action.place ? (action.placePreposition ?? 'in') : 'in'} ${the(place)}`
      : '';
  const v = action.verb;
  const pick = (list: readonly string[]) => rng.pick(list);
  if (!object) {
    return [
      `${actor} ${action.past}${where}, and ${pick(CONSEQUENCES)}.`,
      `When ${actor} ${action.past}${where}, ${pick(CONSEQUENCES)}.`,
    ];
  }
  if (/^(open|unlock|push|pull|lift|break|force|unseal)$/.test(v)) {
    return [
      `${upper(object)} gives way under ${possessive(actor)} hand, and beyond it lies ${pick(REVEALS)}.`,
      `${actor} ${action.past} ${object}${where}; behind it waits ${pick(REVEALS)}.`,
      `As ${object} yields to ${actor}, the heroes glimpse ${pick(REVEALS)}.`,
    ];
  }
  if (
    /^(throw|toss|shoot|fire|hurl|swing)$/.test(v) &&
    action.recipient &&
    action.recipient.kind !== 'person'
  ) {
    const target = the(action.recipient);
    return [
      `${actor} ${action.past} ${object} at ${target}, and ${pick(BLOWS)}.`,
      `${upper(object)} flies from ${possessive(actor)} hand toward ${target}, and ${pick(BLOWS)}.`,
    ];
  }
  if (/^(give|hand|offer|pass|pay|sell|lend|show|toss|throw)$/.test(v) && action.recipient) {
    const recipient = the(action.recipient);
    return [
      `${upper(recipient)} takes ${object} from ${actor}, and ${pick(RECIPIENT_MOODS)}.`,
      `${upper(object)} passes from ${actor} to ${recipient}, who ${pick(RECIPIENT_MOODS)}.`,
      `At the sight of ${object} in ${possessive(actor)} hand, ${recipient} ${pick(RECIPIENT_MOODS)}.`,
    ];
  }
  if (
    /^(light|kindle|ignite|burn|raise|lift)$/.test(v) &&
    /torch|lantern|lamp|candle|fire|beacon|brazier/.test(action.object!.lemma)
  ) {
    return [
      `${upper(object)} flares as ${actor} ${action.past} it, and the flame shows ${pick(FLAME_SHOWS)}.`,
      `In the light of ${object} that ${actor} ${action.past}, the heroes see ${pick(FLAME_SHOWS)}.`,
    ];
  }
  if (/^(draw|unsheathe|ready|brandish|wield|raise|nock|aim)$/.test(v)) {
    return [
      `${actor} ${action.past} ${object}, and ${pick(TENSIONS)}.`,
      `The moment ${object} is in ${possessive(actor)} hand, ${pick(TENSIONS)}.`,
    ];
  }
  if (
    /^(attack|fight|strike|hit|slash|stab|shoot|charge|punch|kick|battle|wound|slay|kill|defeat)$/.test(v)
  ) {
    const finished = /^(slay|kill|defeat)$/.test(v);
    return finished
      ? [
          `${upper(object)} falls before ${actor}, and the silence after is louder than the fight.`,
          `${actor} ${action.past} ${object}, yet as it falls it lets slip a single, chilling word.`,
        ]
      : [
          `${upper(object)} reels, for ${actor} ${action.past} it hard, but ${pick(BLOWS)}.`,
          `${actor} ${action.past} ${object}${action.instrument ? ` with ${the(action.instrument)}` : ''}, and ${pick(BLOWS)}.`,
        ];
  }
  if (/^(take|grab|pick|find|catch|steal|keep|hold|carry)$/.test(v)) {
    return [
      `${upper(object)} is in ${possessive(actor)} keeping now, and it hums faintly, as if it knows.`,
      `${actor} ${action.past} ${object}, and it is heavier than it looks, heavy with a story of its own.`,
    ];
  }
  if (/^(enter|climb|cross|follow|sail|reach|explore|approach|walk|run|descend|jump)$/.test(v)) {
    return [
      `${actor} ${action.past} ${object}, and ${pick(ARRIVALS)}.`,
      `No sooner has ${actor} ${pastParticipleLike(action)} ${object} than ${pick(ARRIVALS)}.`,
    ];
  }
  if (/^(read|search|examine|study|touch|inspect|check|listen|smell)$/.test(v)) {
    return [
      `${actor} ${action.past} ${object} and finds ${pick(DISCOVERIES)}.`,
      `Within ${object} that ${actor} ${action.past}, there is ${pick(DISCOVERIES)}.`,
    ];
  }
  return [
    `${actor} ${action.past} ${object}${where}, and ${pick(CONSEQUENCES)}.`,
    `Because ${actor} ${action.past} ${object}, ${pick(CONSEQUENCES)}.`,
  ];
}

/** "reached", "entered": the simple past doubles as the participle for the regular verbs used here. */
const pastParticipleLike = (action: Action) =>
  ({ run: 'run', climb: 'climbed', swim: 'swum', sail: 'sailed' })[action.verb] ?? action.past;

/** Places one stands on rather than in. */
const SURFACES = new Set(
  'bridge deck pier dock quay road path street stair stairs stairway wall peak plain field shore beach cliff hill'.split(
    ' ',
  ),
);

/** "in the Cave of Echoes", "on the stone bridge". */
const within = (place: Thing) => `${SURFACES.has(place.lemma) ? 'on' : 'in'} ${the(place)}`;

const upper = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Sentences for something a line brought in without a deed done to it. */
export function reactionsToThing(thing: Thing, speaker: string, rng: Rng): string[] {
  const name = the(thing);
  switch (thing.kind) {
    case 'place':
      return [
        `${upper(name)} rises out of the dark as ${speaker} speaks of it, and ${rng.pick(ARRIVALS)}.`,
        `At the mention of ${name}, the road bends toward it, and ${rng.pick(ARRIVALS)}.`,
      ];
    case 'creature':
      return [
        `${upper(name)} that ${speaker} spoke of is closer than anyone thought: ${rng.pick(TENSIONS)}.`,
        `Out past the light, ${name} stirs, and ${rng.pick(TENSIONS)}.`,
      ];
    default:
      return [
        `${upper(name)} that ${speaker} spoke of glimmers at the edge of the tale, and ${rng.pick(CONSEQUENCES)}.`,
        `The stars seem to know ${name}: when ${speaker} names it, ${rng.pick(CONSEQUENCES)}.`,
      ];
  }
}

const ANSWER_HINTS: Record<string, readonly string[]> = {
  where: [
    'lies past {place}, where the path dips under the old stones',
    'is closer than it seems, beyond {place}',
  ],
  who: [
    'is someone who has been watching from {place} all along',
    'wears a face the heroes have seen before',
  ],
  what: ['is older than {place}, and hungrier', 'is a promise someone made long ago and never kept'],
  why: ['is bound up with {place} and the debt it still owes', 'began long before any of them was born'],
  how: [
    'begins with the light of the first star and a steady hand',
    'is written in the marks around {place}',
  ],
  when: ['comes at the turning of the night', 'is sooner than anyone would like'],
  which: ['is the one no one would choose at first', 'is marked by a faint silver glow'],
  whose: ['belonged to a traveller from {place}', 'is written in a hand the stars remember'],
  whether: [
    'is yes, the stars hint, though not without a price',
    'hangs in the balance, and {place} holds the key',
  ],
};

/** Sentences answering a hero's question, about its topic when it has one. */
export function answersTo(question: Question, rng: Rng, scene: Scene): string[] {
  const about = question.topic ? `the truth of ${the(question.topic)}` : 'the answer';
  // The place the heroes stand in, unless that is what was asked about.
  const here = scene.place && scene.place.lemma !== question.topic?.lemma ? scene.place : undefined;
  const place = here ? the(here) : 'the next bend of the road';
  const hint = rng.pick(ANSWER_HINTS[question.word] ?? ANSWER_HINTS.whether!).replace('{place}', place);
  const asker = question.asker;
  return [
    `To ${possessive(asker)} question the stars give half an answer: ${about} ${hint}.`,
    `No voice replies to ${asker} at once, but a whisper comes on the wind: ${about} ${hint}.`,
    `${asker} asked, and the sky answers in its own way: ${about} ${hint}.`,
  ];
}

/** A turn of events from the scene: the threat moves, the place shifts, a held thing wakes. */
export function developments(scene: Scene, rng: Rng): string[] {
  const out: string[] = [];
  const threat = scene.threats.at(-1);
  const holding = scene.holdings.at(-1);
  const place = scene.place;
  if (threat)
    out.push(
      `Meanwhile ${the(threat)} has not forgotten the heroes; it circles ${place ? the(place) : 'the camp'}, looking for a way in.`,
      `A second shape moves behind ${the(threat)}: it did not come alone.`,
    );
  if (holding)
    out.push(
      `In ${possessive(holding.holder)} keeping, ${the(holding.thing)} grows warm, pulling gently ${rng.pick(['north', 'downward', 'toward the dark', 'toward the stars'])}.`,
      `${upper(the(holding.thing))} that ${holding.holder} carries begins to hum a note only the heroes can hear.`,
    );
  if (place)
    out.push(
      `Then ${the(place)} shudders, and dust sifts down as something far below begins to wake.`,
      `A door no one noticed stands open at the far side of ${the(place)}, and a cold light spills through it.`,
      `Somewhere ${within(place)}, a voice calls out for help, thin and very far away.`,
    );
  out.push(
    'Then the ground lurches, and the path they came by is simply gone.',
    'A bell begins to ring somewhere unseen, counting down to something.',
    'Far overhead, a star falls, and lands much nearer than a star should.',
  );
  return out;
}

/**
 * Lines asking one hero, by name, what they will do next: an opening that names them ("And you, Mira
 * Sol,") and a question from what the scene gives them (what they hold, the threat, the place), every
 * pairing of the two, so a long room still has ways of asking it has not used.
 */
export function addressTo(name: string, scene: Scene, rng: Rng): string[] {
  const held = scene.holdings.find((h) => h.holder === name);
  const threat = scene.threats.at(-1);
  const place = scene.place;
  const openings = [
    `${name},`,
    `And you, ${name},`,
    `Now, ${name},`,
    `Tell the stars, ${name},`,
    `Quickly, ${name},`,
  ];
  const questions = [
    'what will you do?',
    'where will you go from here?',
    'whom will you trust?',
    'what do you dare?',
    'what does your heart tell you?',
  ];
  if (held) questions.push(`what will you do with ${the(held.thing)}?`, `is ${the(held.thing)} the answer?`);
  if (threat)
    questions.push(
      `will you stand against ${the(threat)}, or find another way?`,
      `what do you make of ${the(threat)}?`,
    );
  if (place)
    questions.push(`where ${within(place)} will you go next?`, `what will you look for ${within(place)}?`);
  const whole = [
    `All eyes turn to ${name}, and the tale waits for an answer.`,
    `${upper(place ? the(place) : 'the road')} waits, ${name}, for you to choose.`,
  ];
  return rng.shuffle([...openings.flatMap((opening) => questions.map((q) => `${opening} ${q}`)), ...whole]);
}
