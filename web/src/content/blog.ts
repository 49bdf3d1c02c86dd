import { MONTH_NAMES } from '@starborn/zodiac';
import { AI_MYTHICAL_JOURNEYS_INTRO, AI_MYTHICAL_JOURNEYS_SECTIONS } from './articles/aiMythicalJourneys';
import {
  ZODIAC_HERO_ARCHETYPES_INTRO,
  ZODIAC_HERO_ARCHETYPES_SECTIONS,
} from './articles/zodiacHeroArchetypes';
import { countWords, readingMinutes } from './markup';
import { documentText, type ContentDocument } from './types';

export type ArticleSlug = 'zodiac-hero-archetypes' | 'ai-mythical-journeys';

export interface Article extends ContentDocument {
  slug: ArticleSlug;
  /** Shown under the title and on the blog index. */
  subtitle: string;
  category: string;
  /** ISO dates (YYYY-MM-DD). */
  datePublished: string;
  dateModified: string;
  keywords: readonly string[];
  /** Which cover illustration the index and the article show. */
  cover: 'constellation' | 'journey';
}

export const BLOG_TITLE = 'Starborn Blog';
export const BLOG_DESCRIPTION =
  'Essays on zodiac hero archetypes, mythology and AI storytelling from the Starborn team.';
export const BLOG_AUTHOR = 'The Starborn Team';

export const ARTICLES: readonly Article[] = [
  {
    slug: 'zodiac-hero-archetypes',
    title: 'Zodiac Hero Archetypes',
    subtitle: 'How the twelve signs shape the heroes of myth, and yours',
    eyebrow: 'Astrology & Story',
    category: 'Astrology & Story',
    description:
      "What an archetype is, how the four elements set a hero's kind of courage, the hero hidden in each of the twelve zodiac signs, and how your Chinese zodiac animal adds a second layer.",
    datePublished: '2026-11-17',
    dateModified: '2026-11-21',
    keywords: ['zodiac', 'hero archetypes', 'astrology', 'elements', 'Chinese zodiac', 'storytelling'],
    cover: 'constellation',
    intro: ZODIAC_HERO_ARCHETYPES_INTRO,
    sections: ZODIAC_HERO_ARCHETYPES_SECTIONS,
  },
  {
    slug: 'ai-mythical-journeys',
    title: 'AI Mythical Journeys',
    subtitle: 'What happens when the oldest stories meet the newest storytellers',
    eyebrow: 'AI & Mythology',
    category: 'AI & Mythology',
    description:
      "From Homer's bards to large language models: how storytellers work from patterns, the shape of the hero's journey, how Starborn builds a journey around your signs, and the honest limits of AI.",
    datePublished: '2026-11-19',
    dateModified: '2026-11-21',
    keywords: [
      'AI storytelling',
      "hero's journey",
      'mythology',
      'monomyth',
      'serial fiction',
      'shared stories',
    ],
    cover: 'journey',
    intro: AI_MYTHICAL_JOURNEYS_INTRO,
    sections: AI_MYTHICAL_JOURNEYS_SECTIONS,
  },
];

export function articleBySlug(slug: ArticleSlug): Article {
  const article = ARTICLES.find((a) => a.slug === slug);
  if (!article) throw new RangeError(`Unknown article: ${slug}`);
  return article;
}

export function articlePath(slug: ArticleSlug): string {
  return `/blog/${slug}`;
}

/** Words a reader sees in the body (intro and sections, headings included). */
export function articleWordCount(article: Article): number {
  return countWords(documentText(article));
}

export function articleReadingMinutes(article: Article): number {
  return readingMinutes(articleWordCount(article));
}

/** '2026-11-21' → '21 November 2026', independent of the browser's time zone. */
export function formatIsoDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${MONTH_NAMES[(month ?? 1) - 1]} ${year}`;
}
