import type { Sql } from '@starborn/database';
import type { StorybookRow } from '../storybooks/storybook.queries.js';

export type ExportStoryRow = Pick<
  StorybookRow,
  | 'id'
  | 'hero_id'
  | 'hero_name'
  | 'is_premium'
  | 'chapters_total_count'
  | 'chapters_unlocked_count'
  | 'next_release_at'
  | 'created_at'
>;

/** The user's started stories, oldest first (a pre-paid row before its hero completed is no story yet). */
export function startedStoriesOf(sql: Sql, userId: string): Promise<ExportStoryRow[]> {
  return sql<ExportStoryRow>(
    `SELECT id, hero_id, hero_name, is_premium, chapters_total_count, chapters_unlocked_count,
            next_release_at, created_at
       FROM storybook.storybooks
      WHERE user_id = $1 AND started_at IS NOT NULL
      ORDER BY created_at, id`,
    [userId],
  );
}

export interface ExportChapterRow {
  storybook_id: string;
  chapter_number: number;
  title: string;
  content: string;
  illustration_full_key: string | null;
  illustration_preview_key: string | null;
}

/** The written chapters the user has unlocked in each of their stories, in order: what they can read. */
export function readableChaptersOf(sql: Sql, userId: string): Promise<ExportChapterRow[]> {
  return sql<ExportChapterRow>(
    `SELECT c.storybook_id, c.chapter_number, c.title, c.content,
            c.illustration_full_key, c.illustration_preview_key
       FROM storybook.chapters c
       JOIN storybook.storybooks s ON s.id = c.storybook_id
      WHERE s.user_id = $1 AND s.started_at IS NOT NULL
        AND c.status = 'ready' AND c.chapter_number <= s.chapters_unlocked_count
      ORDER BY c.storybook_id, c.chapter_number`,
    [userId],
  );
}
