import { CreateStorybooks1765000000000 } from './1765000000000-create-storybooks.js';
import { RefusedChapterCredits1765100000000 } from './1765100000000-refused-chapter-credits.js';
import { ReleaseClock1765200000000 } from './1765200000000-release-clock.js';
import { ChapterIllustrations1765300000000 } from './1765300000000-chapter-illustrations.js';
import { StoryPlans1765400000000 } from './1765400000000-story-plans.js';

/** In order of application. */
export const storybookMigrations = [
  CreateStorybooks1765000000000,
  RefusedChapterCredits1765100000000,
  ReleaseClock1765200000000,
  ChapterIllustrations1765300000000,
  StoryPlans1765400000000,
];
