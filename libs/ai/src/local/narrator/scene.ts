/**
 * The scene of a shared story room as its conversation built it: where the heroes are, what threatens
 * them, the objects in play and who holds them, the questions asked, and what was done since the
 * narrator last spoke. Derived afresh from the room's lines, so the narrator and the model see the same.
 */
import type { NarrationLine } from '../../types.js';
import {
  the,
  understandLines,
  type Action,
  type Question,
  type Thing,
  type Understood,
} from './understand.js';

export interface Holding {
  holder: string;
  thing: Thing;
}

export interface Scene {
  place?: Thing;
  /** Creatures fought or feared and not yet overcome, latest last. */
  threats: Thing[];
  /** Objects acted on, latest last. */
  objects: Thing[];
  holdings: Holding[];
  /** Names that are neither heroes nor places nor creatures ("the Starwell Key"), latest last. */
  named: Thing[];
  /** Questions the heroes asked in the window, latest last. */
  questions: Question[];
  /** What the hero lines since the narrator's last line said. */
  fresh: Understood[];
}

const FIGHT_VERBS = new Set(
  'attack fight strike hit slash stab shoot charge punch kick battle duel wound bite chase'.split(' '),
);
const OVERCOME_VERBS = new Set(
  'slay kill defeat banish destroy tame befriend vanquish trap capture'.split(' '),
);
const THREAT_LEMMAS = new Set(
  `bandit beast dragon drake ghost ghoul giant goblin golem hag hound imp kraken lich monster orc pirate
  serpent shade skeleton spectre specter spider troll vampire wolf wraith wyrm wyvern zombie`
    .split(/\s+/)
    .filter(Boolean),
);
const TAKING_VERBS = new Set(
  'take grab pick find draw hold carry raise lift catch steal keep wield'.split(' '),
);
const LOSING_VERBS = new Set('drop lose throw toss break smash'.split(' '));
const GIVING_VERBS = new Set('give hand offer pass pay sell lend'.split(' '));

const LIMIT = 6;

/** Adds `thing` as the latest of `list` (once, by its text), keeping the newest LIMIT. */
function remember(list: Thing[], thing: Thing): void {
  const at = list.findIndex((t) => t.text.toLowerCase() === thing.text.toLowerCase());
  if (at >= 0) list.splice(at, 1);
  list.push(thing);
  if (list.length > LIMIT) list.shift();
}

const forget = (list: Thing[], thing: Thing) => {
  const at = list.findIndex((t) => t.lemma === thing.lemma);
  if (at >= 0) list.splice(at, 1);
};

/** The scene built by a room's lines (oldest first); `heroNames` are the room's heroes. */
export function sceneOf(lines: readonly NarrationLine[], heroNames: readonly string[]): Scene {
  const scene: Scene = { threats: [], objects: [], holdings: [], named: [], questions: [], fresh: [] };
  const spoken = lines.filter((line) => line.kind === 'hero' || line.kind === 'narrator');
  const heroLines = spoken
    .filter((line) => line.kind === 'hero')
    .map((line) => ({
      speaker: line.senderName?.trim() || 'a traveller',
      content: String(line.content ?? ''),
    }));
  const reads = understandLines(heroLines, heroNames);
  let next = 0;
  for (const line of spoken) {
    if (line.kind === 'narrator') {
      scene.fresh = [];
      continue;
    }
    const read = reads[next++]!;
    scene.fresh.push(read);
    // A place asked about ("Where does the stair lead?") is not where the heroes are.
    const askedAbout = new Set(read.questions.map((q) => q.topic?.lemma));
    for (const thing of read.things) {
      if (thing.kind === 'place') {
        if (!askedAbout.has(thing.lemma)) scene.place = thing;
      } else if (thing.kind === 'named') remember(scene.named, thing);
      else if (thing.kind === 'creature' && THREAT_LEMMAS.has(thing.lemma)) remember(scene.threats, thing);
    }
    for (const action of read.actions) apply(scene, action);
    scene.questions.push(...read.questions);
  }
  scene.questions = scene.questions.slice(-3);
  return scene;
}

/** What one deed changes: the place moved to, the threat fought or overcome, who now holds what. */
function apply(scene: Scene, action: Action): void {
  const { verb, object, recipient, place } = action;
  if (place?.kind === 'place') scene.place = place;
  if (!object) return;
  if (object.kind === 'place' && /^(enter|reach|climb|cross|find|approach|explore)$/.test(verb))
    scene.place = object;
  if (object.kind === 'creature' || object.kind === 'named') {
    if (OVERCOME_VERBS.has(verb)) forget(scene.threats, object);
    else if (FIGHT_VERBS.has(verb)) remember(scene.threats, { ...object, kind: 'creature' });
  }
  if (object.kind !== 'object') return;
  remember(scene.objects, object);
  const holdingAt = scene.holdings.findIndex((h) => h.thing.lemma === object.lemma);
  if (holdingAt >= 0 && (LOSING_VERBS.has(verb) || GIVING_VERBS.has(verb)))
    scene.holdings.splice(holdingAt, 1);
  if (GIVING_VERBS.has(verb) && recipient) scene.holdings.push({ holder: the(recipient), thing: object });
  else if (TAKING_VERBS.has(verb)) {
    if (holdingAt >= 0) scene.holdings.splice(holdingAt, 1);
    scene.holdings.push({ holder: action.actor, thing: object });
  }
  if (scene.holdings.length > LIMIT) scene.holdings.shift();
}

/** The deeds since the narrator's last line, latest last. */
export const freshActions = (scene: Scene): Action[] => scene.fresh.flatMap((read) => read.actions);

/** The scene in a few plain lines, for a model told to carry it on. */
export function describeScene(scene: Scene): string[] {
  const list = (things: readonly Thing[]) => things.map((t) => t.text).join(', ');
  const out: string[] = [];
  if (scene.place) out.push(`Place: ${scene.place.text}`);
  if (scene.threats.length) out.push(`Threats: ${list(scene.threats)}`);
  if (scene.objects.length) out.push(`Objects in play: ${list(scene.objects)}`);
  if (scene.holdings.length)
    out.push(`Who holds what: ${scene.holdings.map((h) => `${h.holder} holds ${h.thing.text}`).join('; ')}`);
  if (scene.named.length) out.push(`Named: ${list(scene.named)}`);
  if (scene.questions.length)
    out.push(`Open questions: ${scene.questions.map((q) => `${q.asker} asked "${q.text}?"`).join('; ')}`);
  const actions = freshActions(scene);
  if (actions.length) out.push(`Just done: ${actions.map(describeAction).join('; ')}`);
  return out;
}

/** "Lyra Vale gave silver coin to ferryman at Misty Pier" */
export function describeAction(action: Action): string {
  return [
    action.actor,
    action.past,
    action.object?.text,
    action.recipient && `to ${action.recipient.text}`,
    action.instrument && `with ${action.instrument.text}`,
    action.place && `at ${action.place.text}`,
  ]
    .filter(Boolean)
    .join(' ');
}
