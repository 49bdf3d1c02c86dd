import { ARC_STAGES, type PlannedScene, type StoryPlan } from '@starborn/ai';
import type { ChapterSceneDocument, StoryPlanDocument } from '@starborn/contracts';

/**
 * The storybook service keeps the story plan and each chapter's scene as JSON documents it does not
 * read. These guards check, on the way back in, that a document is the shape this version of the
 * writer makes: a plan of another version (or a damaged one) is not used, and the writer plans the
 * story again from the hero and the chapters written so far.
 */
export function storyPlanOf(document: StoryPlanDocument | null | undefined): StoryPlan | null {
  if (!document || document.version !== 1) return null;
  const { chapters, cast, places, state } = document;
  const wellFormed =
    typeof document.chaptersTotalCount === 'number' &&
    Array.isArray(chapters) &&
    chapters.every(
      (chapter) =>
        isRecord(chapter) &&
        typeof chapter.chapterNumber === 'number' &&
        ARC_STAGES.includes(chapter.stage as never) &&
        plannedSceneOf(chapter.scene as ChapterSceneDocument) !== undefined,
    ) &&
    Array.isArray(cast) &&
    Array.isArray(places) &&
    isRecord(state);
  return wellFormed ? (document as unknown as StoryPlan) : null;
}

/** A chapter's scene document as the illustrator takes it, or undefined when it is not one. */
export function plannedSceneOf(document: ChapterSceneDocument | null | undefined): PlannedScene | undefined {
  if (!isRecord(document)) return undefined;
  const { place, landscape, timeOfDay, weather, companions, action, moment } = document;
  const wellFormed =
    typeof place === 'string' &&
    typeof landscape === 'string' &&
    typeof timeOfDay === 'string' &&
    typeof weather === 'string' &&
    Array.isArray(companions) &&
    companions.every((name) => typeof name === 'string') &&
    typeof action === 'string' &&
    typeof moment === 'string';
  return wellFormed ? (document as unknown as PlannedScene) : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
