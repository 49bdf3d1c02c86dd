import { planStory, sceneOfChapter } from '@starborn/ai';
import type { ChapterSceneDocument, StoryPlanDocument } from '@starborn/contracts';
import { plannedSceneOf, storyPlanOf } from './story-documents.js';

const hero = {
  heroId: 'ab'.repeat(16),
  name: 'Tamsin Reed',
  western: {
    sign: 'Taurus',
    dateRange: 'April 20 – May 20',
    element: 'Earth',
    traits: ['patient', 'loyal'],
    strengths: ['steady'],
    weaknesses: ['stubborn'],
  },
  chinese: {
    sign: 'Horse',
    element: 'Yang Metal',
    years: [1990],
    traits: ['free'],
    compatibility: ['Tiger'],
  },
};
const plan = planStory(hero, { chaptersTotalCount: 4 });
/** The plan as it comes back from storybook: JSON, stored and read again. */
const stored = JSON.parse(JSON.stringify(plan)) as StoryPlanDocument;

describe('story documents kept by storybook', () => {
  it('reads back a plan this writer made, and its scenes', () => {
    expect(storyPlanOf(stored)).toEqual(plan);
    const scene = JSON.parse(JSON.stringify(sceneOfChapter(plan, 2))) as ChapterSceneDocument;
    expect(plannedSceneOf(scene)).toEqual(sceneOfChapter(plan, 2));
  });

  it('does not use a plan of another version, a damaged one, or none: the writer plans again', () => {
    expect(storyPlanOf(null)).toBeNull();
    expect(storyPlanOf({ ...stored, version: 2 })).toBeNull();
    expect(storyPlanOf({ ...stored, chapters: 'four' })).toBeNull();
    expect(storyPlanOf({ ...stored, state: undefined })).toBeNull();
    const chapters = structuredClone(stored.chapters) as { stage: string }[];
    chapters[1]!.stage = 'intermission';
    expect(storyPlanOf({ ...stored, chapters })).toBeNull();
  });

  it('draws from the text when a scene is missing or not one', () => {
    expect(plannedSceneOf(undefined)).toBeUndefined();
    expect(plannedSceneOf({ place: 'The Ford', landscape: 'river' })).toBeUndefined();
    const scene = { ...sceneOfChapter(plan, 1), companions: [1, 2] } as unknown as ChapterSceneDocument;
    expect(plannedSceneOf(scene)).toBeUndefined();
  });
});
