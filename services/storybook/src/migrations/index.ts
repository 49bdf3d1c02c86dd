import { CreateStorybooks1765000000000 } from './1765000000000-create-storybooks.js';

/** In order of application. */
export const storybookMigrations = [CreateStorybooks1765000000000];
