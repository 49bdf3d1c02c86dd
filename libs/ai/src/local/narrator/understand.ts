/**
 * What a hero's chat line says happened, read with the compromise part-of-speech tagger: who did what
 * (a normalised verb: open, give, draw, light…) to what, to whom, where and with what; the places,
 * creatures and named things it brings up; and the questions it asks.
 */
import { createRequire } from 'node:module';
import type compromise from 'compromise/two';

/** Something a line names: a noun phrase as shown ("iron door") and its head noun's lemma ("door"). */
export interface Thing {
  text: string;
  lemma: string;
  kind: 'object' | 'place' | 'creature' | 'person' | 'named';
}

/** One deed a line tells: `actor` is a hero's name (or another subject as written). */
export interface Action {
  actor: string;
  /** The verb's infinitive: 'open', 'give', 'light'. */
  verb: string;
  /** The verb in the past tense, for telling it back: 'opened'. */
  past: string;
  object?: Thing;
  /** Whom something was given, shown or said to. */
  recipient?: Thing;
  place?: Thing;
  /** How the deed stood to the place: 'at', 'into', 'outside'. */
  placePreposition?: string;
  instrument?: Thing;
}

export interface Question {
  asker: string;
  /** The question as asked, without its question mark. */
  text: string;
  /** The question word: 'where', 'who', 'what'… ('whether' for a yes/no question). */
  word: string;
  topic?: Thing;
}

export interface Understood {
  speaker: string;
  actions: Action[];
  things: Thing[];
  questions: Question[];
}

/** Head nouns that name a place, whatever the tagger thinks. */
const PLACE_NOUNS = new Set(
  `abyss alley altar archway bay beach bog bridge camp canyon castle cave cavern chamber chapel citadel city
  cliff cove crypt deck desert dock dungeon field forest fort fortress garden gate glade grove hall harbour
  harbor hill hut inn island keep lake library marsh market meadow mine moon mountain nebula observatory
  outpost palace pass path peak pier plain planet pond port quay river road ruin ruins sea shore shrine sky
  spire square stair stairs stairway station street swamp temple throne tomb tower town tunnel vale valley
  vault village wall well woods world`
    .split(/\s+/)
    .filter(Boolean),
);

/** Head nouns of living things and beings, friend or foe. */
const CREATURE_NOUNS = new Set(
  `bandit bat bear beast boar captain crow dragon drake elf ferryman fox ghost ghoul giant goblin golem
  griffin guard guardian hag hound imp keeper king knight kraken lich merchant monk monster orc owl phoenix
  pirate priest queen rat raven sentinel serpent shade skeleton soldier spectre specter sphinx spider spirit
  stranger thief titan troll vampire wanderer warden witch wizard wolf wraith wyrm wyvern zombie`
    .split(/\s+/)
    .filter(Boolean),
);

/** Nouns too vague to count as something a line introduced. */
const VAGUE_NOUNS = new Set(
  `thing things something anything everything nothing way time lot bit kind sort side end one ones someone
  anyone everyone nobody somebody place part idea plan moment while day night today tonight tomorrow
  here there now`
    .split(/\s+/)
    .filter(Boolean),
);

/** Verbs that tell nothing of a deed. */
const EMPTY_VERBS = new Set(
  `be have do get go say think know want need let see look seem feel make try wonder guess hope mean can
  will shall may must should would could might`
    .split(/\s+/)
    .filter(Boolean),
);

/** Verbs whose two bare objects are whom and what: "gave the ferryman a coin". */
const GIVING_VERBS = new Set(['give', 'hand', 'offer', 'pass', 'throw', 'toss', 'pay', 'sell']);
const PLACE_PREPOSITIONS = new Set(
  `at in into inside outside on onto through across toward towards to from under beneath behind near past over
  beyond around along within by`
    .split(/\s+/)
    .filter(Boolean),
);
const QUESTION_WORDS = new Set(['who', 'what', 'where', 'when', 'why', 'how', 'which', 'whose']);

interface Term {
  text: string;
  normal: string;
  root: string;
  tags: Set<string>;
  post: string;
}

const has = (term: Term | undefined, tag: string) => term?.tags.has(tag) === true;
const isPronoun = (term: Term) => has(term, 'Pronoun');
/** A noun, or a word the lexicons know is one ("the lost observatory" tags it an adjective). */
const isNounish = (term: Term) =>
  !PLACE_PREPOSITIONS.has(term.normal) &&
  (has(term, 'Noun') ||
    has(term, 'ProperNoun') ||
    PLACE_NOUNS.has(term.normal) ||
    CREATURE_NOUNS.has(term.normal)) &&
  !isPronoun(term) &&
  !has(term, 'Possessive') &&
  !has(term, 'QuestionWord');

/** Past tenses and infinitives already worked out (the conjugator is slow next to a lookup). */
const VERB_FORMS = new Map<string, { infinitive: string; past: string }>();

/** compromise's world: its lexicon and its own conjugator (the verb tables behind `.verbs().toPastTense()`). */
interface World {
  model: { one: { lexicon: Record<string, string | string[] | undefined> } };
  methods: {
    two: {
      transform: {
        verb: {
          toInfinitive(word: string, model: unknown, tense: string): string;
          conjugate(infinitive: string, model: unknown): Record<string, string | undefined>;
        };
      };
    };
  };
}

let tagger: { nlp: typeof compromise; world: World } | undefined;

/**
 * compromise's tagger (its "two" level: tags, roots, conjugation), loaded on first use from its one-file
 * build: the narrator pays the load once, the services that never narrate not at all.
 */
function loadTagger(): { nlp: typeof compromise; world: World } {
  if (!tagger) {
    const nlp = createRequire(import.meta.url)('compromise/two') as typeof compromise;
    tagger = { nlp, world: nlp.world() as unknown as World };
  }
  return tagger;
}

/** Loads the tagger now (it takes about a second), so the first line read is as quick as the rest. */
export function prepareUnderstanding(): void {
  loadTagger();
}

/** The infinitive and past tense of a verb as written and tagged ("drew" → draw, drew; "opens" → open, opened). */
export function verbForms(
  word: string,
  root: string,
  tags: ReadonlySet<string>,
): { infinitive: string; past: string } {
  const key = `${word}|${root}|${[...tags].join('/')}`;
  const known = VERB_FORMS.get(key);
  if (known) return known;
  const { world } = loadTagger();
  const conjugator = world.methods.two.transform.verb;
  const as = (tense: string) => conjugator.toInfinitive(word, world.model, tense) || word;
  let infinitive: string;
  if (root !== word) infinitive = root;
  else if (tags.has('PastTense')) infinitive = as('PastTense');
  else if (tags.has('Gerund')) infinitive = as('Gerund');
  else if (tags.has('PresentTense') && !tags.has('Infinitive')) infinitive = as('PresentTense');
  else {
    // "I drew" reads as a present tense to the tagger: a word that is some verb's past tense is that.
    const asPast = as('PastTense');
    // Only a verb the lexicon knows: "slay" is not the past of a made-up "slie".
    const isPast =
      asPast !== word &&
      world.model.one.lexicon[asPast] !== undefined &&
      conjugator.conjugate(asPast, world.model).PastTense === word;
    infinitive = isPast ? asPast : word;
  }
  const past = conjugator.conjugate(infinitive, world.model).PastTense || word;
  const forms = { infinitive, past };
  if (VERB_FORMS.size > 2_000) VERB_FORMS.clear();
  VERB_FORMS.set(key, forms);
  return forms;
}

/** Understood lines by speaker and text: a room's history is read again on every narrator line. */
const UNDERSTOOD = new Map<string, Understood>();
const UNDERSTOOD_LIMIT = 1_000;

/** What one hero's line says happened. `heroNames` are the room's heroes (subjects, not things). */
export function understandLine(speaker: string, content: string, heroNames: readonly string[]): Understood {
  return understandLines([{ speaker, content }], heroNames)[0]!;
}

/** A sentence as the tagger gives it, with where it starts in the text it was read from. */
interface TaggedSentence {
  text: string;
  offset: { start: number };
  terms: { text: string; normal: string; root?: string; tags: string[]; post: string }[];
}

/**
 * What each of a room's hero lines says happened. The lines not read before are tagged together in one
 * pass: the tagger's cost is mostly per call, so a room's whole window reads about three times faster.
 */
export function understandLines(
  lines: readonly { speaker: string; content: string }[],
  heroNames: readonly string[],
): Understood[] {
  const names = heroNames.join('\u0001');
  const keyOf = (line: { speaker: string; content: string }) =>
    `${line.speaker}\u0000${names}\u0000${line.content}`;
  const unread = new Map<string, { speaker: string; text: string }>();
  for (const line of lines) {
    const key = keyOf(line);
    if (!UNDERSTOOD.has(key) && !unread.has(key))
      unread.set(key, {
        speaker: line.speaker,
        text: line.content.slice(0, 1_000).replace(/\s+/g, ' ').trim(),
      });
  }
  if (unread.size > 0) {
    const heroWords = heroWordsOf(heroNames);
    // One text, each line ending its sentence, and where each line starts in it.
    const starts: number[] = [];
    let text = '';
    for (const { text: line } of unread.values()) {
      starts.push(text.length);
      text += (line && !/[.!?]$/.test(line) ? `${line}.` : line) + ' ';
    }
    const sentences = tag(text);
    const entries = [...unread.entries()];
    entries.forEach(([key, { speaker }], i) => {
      const from = starts[i]!;
      const to = starts[i + 1] ?? Infinity;
      const own = sentences.filter((s) => s.offset.start >= from && s.offset.start < to);
      remember(key, readSentences(speaker, own, heroWords));
    });
  }
  // A line too long for the cache is read again on its own.
  return lines.map((line) => UNDERSTOOD.get(keyOf(line)) ?? understandAlone(line, heroNames));
}

function understandAlone(
  line: { speaker: string; content: string },
  heroNames: readonly string[],
): Understood {
  return readSentences(line.speaker, tag(line.content.slice(0, 1_000)), heroWordsOf(heroNames));
}

/** The words a hero is called by: the full name, and the first name alone ("Lyra" for Lyra Vale). */
function heroWordsOf(heroNames: readonly string[]): Map<string, string> {
  const heroWords = new Map<string, string>();
  for (const name of heroNames) {
    heroWords.set(name.toLowerCase(), name);
    const first = name.split(/\s+/)[0]?.toLowerCase();
    if (first && !heroWords.has(first)) heroWords.set(first, name);
  }
  return heroWords;
}

function remember(key: string, understood: Understood): void {
  if (UNDERSTOOD.size >= UNDERSTOOD_LIMIT) UNDERSTOOD.delete(UNDERSTOOD.keys().next().value!);
  UNDERSTOOD.set(key, understood);
}

/** The tagged sentences of a text. */
function tag(text: string): TaggedSentence[] {
  const doc = loadTagger().nlp(text);
  // "Where does the river lead?": the word after the subject is the verb, not part of a noun phrase.
  for (const pattern of [
    '(do|does|did) #Determiner #Noun [#Noun]',
    '(do|does|did) #Determiner #Adjective #Noun [#Noun]',
  ])
    doc.match(pattern, 0).tag('Infinitive');
  doc.compute('offset');
  doc.compute('root');
  return doc.json({ offset: true }) as TaggedSentence[];
}

function readSentences(
  speaker: string,
  sentences: readonly TaggedSentence[],
  heroWords: ReadonlyMap<string, string>,
): Understood {
  const result: Understood = { speaker, actions: [], things: [], questions: [] };
  // The hero a "he", "she" or "they" points back to: the last one named, or the speaker.
  let lastHero = speaker;
  for (const sentence of sentences) {
    const terms: Term[] = sentence.terms.map((t) => ({
      text: t.text,
      normal: t.normal,
      root: t.root ?? t.normal,
      tags: new Set(t.tags),
      post: t.post ?? '',
    }));
    const phrases = nounPhrases(terms, heroWords);
    for (const phrase of phrases) {
      if (phrase.hero) lastHero = phrase.hero;
      else if (phrase.thing && !result.things.some((t) => t.text === phrase.thing!.text))
        result.things.push(phrase.thing);
    }
    const subjectOf = (index: number): string => {
      const before = [...phrases].reverse().find((p) => p.end <= index);
      const pronoun = [...terms.slice(0, index)].reverse().find(isPronoun);
      const pronounAt = pronoun ? terms.indexOf(pronoun) : -1;
      if (before && before.end > pronounAt)
        return before.hero ?? (before.thing ? the(before.thing) : speaker);
      const word = pronoun?.normal ?? 'i';
      // "It shows…": a subject the line does not name is no one's deed.
      return /^(i|we|me|us)$/.test(word) ? speaker : /^(he|she|they)$/.test(word) ? lastHero : '';
    };
    let actionsHere = 0;
    terms.forEach((term, index) => {
      if (!isDeedVerb(terms, index)) return;
      // "begin to light": the last verb of a chain is the deed.
      if (
        has(terms[index + 1], 'Verb') &&
        !has(terms[index + 1], 'Auxiliary') &&
        !has(terms[index + 1], 'Particle')
      )
        return;
      // A question word before the verb is its subject: "Who carved the runes?" tells no deed.
      if (terms.slice(0, index).some((t) => has(t, 'QuestionWord')) && !terms.slice(0, index).some(isPronoun))
        return;
      const forms = verbForms(term.normal, term.root, term.tags);
      const infinitive = forms.infinitive;
      // "picked up": a phrasal verb keeps its particle.
      const particle = has(terms[index + 1], 'Particle') ? terms[index + 1]!.normal : '';
      const past = particle ? `${forms.past} ${particle}` : forms.past;
      if (EMPTY_VERBS.has(infinitive) || !/^[a-z]+$/.test(infinitive)) return;
      const after = phrases.filter((p) => p.start > index);
      // "opened the door and gave…": the second verb has the first one's subject.
      const previous = result.actions.at(-1);
      const coordinated = /^(and|then)$/.test(terms[index - 1]?.normal ?? '') && previous && actionsHere > 0;
      const actor = coordinated ? previous.actor : subjectOf(index);
      actionsHere++;
      if (!actor) return;
      const action: Action = { actor, verb: infinitive, past };
      let cursor = index + 1;
      for (const phrase of after) {
        // Stop at the next verb: its phrases are its own.
        if (
          terms
            .slice(cursor, phrase.start)
            .some((t) => has(t, 'Verb') && !has(t, 'Auxiliary') && !has(t, 'Particle'))
        )
          break;
        const preposition = [...terms.slice(cursor, phrase.start)]
          .reverse()
          .find(
            (t) => has(t, 'Preposition') || PLACE_PREPOSITIONS.has(t.normal) || /^(with|for)$/.test(t.normal),
          );
        const thing = phrase.thing ?? (phrase.hero ? heroThing(phrase.hero) : undefined);
        cursor = phrase.end;
        if (!thing) continue;
        const prep = preposition?.normal;
        if (!prep) {
          if (!action.object) action.object = thing;
          else if (GIVING_VERBS.has(infinitive) && !action.recipient) {
            // "gave the ferryman a coin": the first is whom, the second what.
            action.recipient = action.object;
            action.object = thing;
          }
        } else if (
          (prep === 'to' || prep === 'for') &&
          (GIVING_VERBS.has(infinitive) || thing.kind !== 'place')
        )
          action.recipient ??= thing;
        else if (prep === 'with') action.instrument ??= thing;
        else if (
          (prep === 'at' || prep === 'toward' || prep === 'towards') &&
          (thing.kind === 'creature' || thing.kind === 'person')
        )
          action.recipient ??= thing; // "threw the dagger at the wolf"
        else if (PLACE_PREPOSITIONS.has(prep)) {
          if (thing.kind === 'object' && !action.object) action.object = thing;
          else if (!action.place) {
            action.place = { ...thing, kind: thing.kind === 'object' ? 'place' : thing.kind };
            action.placePreposition = prep;
          }
        }
      }
      result.actions.push(action);
    });
    const first = terms[0];
    const asked = /\?/.test(sentence.text) || (first && QUESTION_WORDS.has(first.normal) && terms.length > 2);
    if (asked) {
      const word = QUESTION_WORDS.has(first?.normal ?? '') ? first!.normal : 'whether';
      const topic = phrases.find((p) => p.thing)?.thing;
      result.questions.push({
        asker: speaker,
        text: sentence.text.replace(/[?!.\s]+$/, '').trim(),
        word,
        ...(topic ? { topic } : {}),
      });
    }
  }
  return result;
}

/** "the iron door", "the Cave of Echoes", but a person's name as it is. */
export function the(thing: Thing): string {
  if (thing.kind === 'person' || /^the\s/i.test(thing.text)) return thing.text;
  return `the ${thing.text}`;
}

const SUBJECT_PRONOUNS = new Set(['i', 'we', 'you', 'he', 'she', 'they']);

/**
 * Whether the word at `index` is a deed: a verb that is not an auxiliary, or a word right after "I" or
 * "we" that can be a verb ("I light my torch" tags "light" an adjective).
 */
function isDeedVerb(terms: readonly Term[], index: number): boolean {
  const term = terms[index]!;
  if (has(term, 'Particle') || has(term, 'Auxiliary') || has(term, 'Copula') || has(term, 'Modal'))
    return false;
  if (has(term, 'Verb')) return true;
  const before = terms[index - 1];
  if (!before || !SUBJECT_PRONOUNS.has(before.normal) || has(term, 'Determiner')) return false;
  if (!(has(term, 'Adjective') || has(term, 'Noun')) || !/^[a-z]+$/.test(term.normal)) return false;
  const { world } = loadTagger();
  return Boolean(world.methods.two.transform.verb.conjugate(term.normal, world.model).PastTense);
}

const heroThing = (name: string): Thing => ({ text: name, lemma: name.toLowerCase(), kind: 'person' });

interface Phrase {
  start: number;
  end: number;
  thing?: Thing;
  hero?: string;
}

/**
 * The noun phrases of a tagged sentence: an optional determiner or possessive, adjectives and nouns, with
 * "of" inside a name ("the Cave of Echoes"). A phrase that is a hero's name is the hero, not a thing.
 */
function nounPhrases(terms: Term[], heroWords: ReadonlyMap<string, string>): Phrase[] {
  const phrases: Phrase[] = [];
  let i = 0;
  while (i < terms.length) {
    const start = i;
    let j = i;
    while (j < terms.length && (has(terms[j], 'Determiner') || has(terms[j], 'Possessive'))) j++;
    const bodyStart = j;
    while (j < terms.length) {
      const term = terms[j]!;
      const proper = has(term, 'ProperNoun') || /^\p{Lu}/u.test(term.text);
      // Adjectives come before the noun: "the moon red tonight" is the moon.
      if (isNounish(term)) j++;
      else if (has(term, 'Adjective') && !terms.slice(bodyStart, j).some(isNounish)) j++;
      // "of" joins the words of a name: "the Cave of Echoes".
      else if (term.normal === 'of' && proper === false && /^\p{Lu}/u.test(terms[j + 1]?.text ?? '')) j++;
      else break;
      // Punctuation after a word ends the phrase ("the door, the coin").
      if (/[,;:.!?]/.test(terms[j - 1]!.post)) break;
    }
    // A phrase ends in a noun: trailing adjectives are not part of it ("the door is open").
    while (j > bodyStart && !isNounish(terms[j - 1]!)) j--;
    if (j === bodyStart) {
      i = Math.max(start + 1, j);
      continue;
    }
    const body = terms.slice(bodyStart, j);
    const head = body.at(-1)!;
    const words = body.map((t) => t.text.replace(/[^\p{L}\p{N}'’-]/gu, '')).filter(Boolean);
    const text = words.join(' ');
    const lower = text.toLowerCase();
    const hero = heroWords.get(lower) ?? (body.length === 1 ? heroWords.get(head.normal) : undefined);
    const lemma = (head.root || head.normal).toLowerCase().replace(/[^\p{L}\p{N}'’-]/gu, '');
    // A capital that does not start the sentence marks a name ("the Misty Pier", "Glimmerdeep").
    const properName = body.some((t, k) => bodyStart + k > 0 && /^\p{Lu}/u.test(t.text));
    if (hero) phrases.push({ start, end: j, hero });
    else if (lemma && !VAGUE_NOUNS.has(lemma) && lemma.length > 1) {
      const kind: Thing['kind'] =
        PLACE_NOUNS.has(lemma) || body.some((t) => has(t, 'Place'))
          ? 'place'
          : CREATURE_NOUNS.has(lemma)
            ? 'creature'
            : properName
              ? 'named'
              : 'object';
      const shown = properName ? text : body.map((t) => (has(t, 'ProperNoun') ? t.text : t.normal)).join(' ');
      phrases.push({
        start,
        end: j,
        thing: { text: shown.replace(/[^\p{L}\p{N}'’ -]/gu, '').trim(), lemma, kind },
      });
    }
    i = j;
  }
  return phrases;
}
