/**
 * The story plan of one storybook: made once from the hero when the book's first chapter is
 * written, kept with the storybook, and revised before each later chapter. Both providers write
 * from it, so a book is one continuous story (cast, places, objects, a conflict and an arc across
 * every chapter) rather than a run of tales that each start over. Plain JSON: the storybook service
 * stores it as it is and hands it back with the next chapter's job.
 */

/** The six movements of a story's arc, in order; a book of n chapters spreads them over n chapters. */
export type ArcStage = 'setup' | 'rising' | 'midpoint' | 'dark' | 'climax' | 'resolution';

export const ARC_STAGES: readonly ArcStage[] = Object.freeze([
  'setup',
  'rising',
  'midpoint',
  'dark',
  'climax',
  'resolution',
] as const);

/** The kinds of landscape a chapter's picture can be drawn in. */
export type Landscape =
  | 'mountains'
  | 'forest'
  | 'coast'
  | 'desert'
  | 'marsh'
  | 'city'
  | 'caverns'
  | 'tundra'
  | 'volcano'
  | 'river'
  | 'ruins'
  | 'sky-isles';

export type PlanTimeOfDay = 'dawn' | 'day' | 'dusk' | 'night';
export type PlanWeather = 'clear' | 'rain' | 'snow' | 'mist' | 'storm' | 'wind';
/** What the hero is doing at a chapter's key moment (the picture's pose comes from it). */
export type SceneAction =
  'travel' | 'fight' | 'discover' | 'parley' | 'rest' | 'escape' | 'ritual' | 'celebrate';
/** The finer kind of scene a chapter is (each has an action: a chase is an escape, a duel a fight). */
export type SceneKind =
  | 'arrival'
  | 'chase'
  | 'parley'
  | 'ambush'
  | 'discovery'
  | 'ritual'
  | 'storm'
  | 'council'
  | 'betrayal'
  | 'rescue'
  | 'crossing'
  | 'vigil'
  | 'duel'
  | 'festival'
  | 'siege'
  | 'trial';

export interface CastMember {
  name: string;
  /** What they are, in a few words: 'a one-eyed ferrywoman', 'a red fox'. */
  kind: string;
  role: 'companion' | 'rival' | 'mentor';
  /** One line a writer can use to make them act like themselves. */
  trait: string;
}

export interface PlannedPlace {
  name: string;
  landscape: Landscape;
  /** One sentence that makes the place recognisable when it returns. */
  description: string;
}

/** What one chapter's picture shows: the chapter's place, time, weather, who is there and its key moment. */
export interface PlannedScene {
  place: string;
  landscape: Landscape;
  timeOfDay: PlanTimeOfDay;
  weather: PlanWeather;
  /** The names of the cast members present besides the hero. */
  companions: string[];
  action: SceneAction;
  /** The key moment in one sentence, e.g. 'Ash holds the lantern while Mira breaks the seal.' */
  moment: string;
  /** The kind of scene, when the planner chose one. */
  kind?: SceneKind;
}

export interface PlannedChapter {
  chapterNumber: number;
  stage: ArcStage;
  /** What this chapter must achieve for the arc, in one sentence. */
  goal: string;
  scene: PlannedScene;
  /** The story object the hero comes by in this chapter, if any. */
  objectFound?: string;
}

/** Where the story stands after the chapters written so far. */
export interface StoryState {
  /** The last chapter written (0 before the first). */
  chapterNumber: number;
  location: string;
  /** The names of the cast members with the hero. */
  companionsWithHero: string[];
  /** The objects the hero carries. */
  objectsHeld: string[];
  /** One line per chapter written: what happened. */
  events: string[];
}

export interface StoryPlan {
  version: 1;
  /** The book's length the arc is spread over; revised when chapters are added. */
  chaptersTotalCount: number;
  title: string;
  /** The central conflict in one or two sentences. */
  conflict: string;
  cast: CastMember[];
  places: PlannedPlace[];
  /** Objects that matter to the story (a key, a map, a lantern…). */
  objects: string[];
  chapters: PlannedChapter[];
  state: StoryState;
  /** What the reader steered (lore journal entries, choices), newest last; empty until those exist. */
  steering: string[];
  /** Who stands behind the conflict, when the planner named them. */
  antagonist?: { name: string; kind: string; aim: string };
  /** The hero the plan was made for: seeds re-planning when the book grows. */
  heroId?: string;
  /** The hero's name as the plan's moments use it. */
  heroName?: string;
  /** Where the hero was born, as the backstory tells it: the story remembers it, and a foe may threaten it. */
  hometown?: string;
}
