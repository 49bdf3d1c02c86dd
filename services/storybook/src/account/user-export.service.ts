import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  ExportedChapter,
  ExportedStorybook,
  ExportUserQuery,
  StorybooksExport,
} from '@starborn/contracts';
import { sqlOf } from '@starborn/database';
import { DataSource } from 'typeorm';
import { validUserId } from '../storybooks/validation.js';
import {
  readableChaptersOf,
  startedStoriesOf,
  type ExportChapterRow,
  type ExportStoryRow,
} from './user-export.queries.js';

/**
 * A readable chapter as its reader keeps it. Its illustration follows the reader's screen: the full
 * picture for a premium story, the watermarked preview otherwise.
 */
export function exportedChapter(row: ExportChapterRow, premium: boolean): ExportedChapter {
  const key = premium ? row.illustration_full_key : row.illustration_preview_key;
  return {
    chapterNumber: row.chapter_number,
    title: row.title,
    content: row.content,
    illustration: key ? { quality: premium ? 'full' : 'preview', storageKey: `${key}.png` } : null,
  };
}

export function exportedStorybook(story: ExportStoryRow, chapters: ExportChapterRow[]): ExportedStorybook {
  return {
    id: story.id,
    heroId: story.hero_id,
    heroName: story.hero_name,
    isPremium: story.is_premium,
    chaptersTotalCount: story.chapters_total_count,
    chaptersUnlockedCount: story.chapters_unlocked_count,
    nextUnlockAt: story.next_release_at?.toISOString() ?? null,
    createdAt: story.created_at.toISOString(),
    chapters: chapters.map((chapter) => exportedChapter(chapter, story.is_premium)),
  };
}

/** The storybooks' part of a data export: each story with the chapters its owner can read (never a locked one). */
@Injectable()
export class UserExportService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async export(query: ExportUserQuery): Promise<StorybooksExport> {
    const userId = validUserId(query?.userId);
    const sql = sqlOf(this.dataSource);
    const [stories, chapters] = await Promise.all([
      startedStoriesOf(sql, userId),
      readableChaptersOf(sql, userId),
    ]);
    return {
      storybooks: stories.map((story) =>
        exportedStorybook(
          story,
          chapters.filter((chapter) => chapter.storybook_id === story.id),
        ),
      ),
    };
  }
}
