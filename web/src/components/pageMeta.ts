/** Document title and social preview tags of every page. Pure: usePageMeta applies them. */
export interface PageMetaInput {
  title?: string;
  description?: string;
  image?: string;
  type?: string;
  url?: string;
  /** Twitter's card: 'summary_large_image' for a wide preview image (a shared hero's card). */
  card?: TwitterCard;
}

export type TwitterCard = 'summary' | 'summary_large_image';

export interface ResolvedPageMeta {
  documentTitle: string;
  title: string;
  description: string;
  image: string;
  type: string;
  url: string;
  card: TwitterCard;
}

export const SITE_NAME = 'Starborn';

export const DEFAULT_META = {
  title: 'Starborn — Your Personalized Fantasy Story',
  description:
    'Turn your birth date and a hero name into a personalised fantasy hero: zodiac-born powers, AI-painted portraits, a backstory and a storybook written in the stars.',
  image: '/logo.jpg',
  type: 'website',
} as const;

/** A tag in the document head, addressed by `property` (Open Graph) or `name` (Twitter, description). */
export interface MetaTag {
  attribute: 'property' | 'name';
  key: string;
  content: string;
}

function absolute(value: string, base: string): string {
  try {
    return new URL(value, base).href;
  } catch {
    return value;
  }
}

/** Fills defaults and makes image and url absolute, as crawlers expect. */
export function resolvePageMeta(input: PageMetaInput, currentUrl: string): ResolvedPageMeta {
  const title = input.title?.trim() || DEFAULT_META.title;
  return {
    documentTitle: input.title?.trim() ? `${title} | ${SITE_NAME}` : DEFAULT_META.title,
    title,
    description: input.description?.trim() || DEFAULT_META.description,
    image: absolute(input.image || DEFAULT_META.image, currentUrl),
    type: input.type || DEFAULT_META.type,
    url: absolute(input.url || currentUrl, currentUrl),
    card: input.card ?? 'summary',
  };
}

export function metaTagsFor(meta: ResolvedPageMeta): MetaTag[] {
  return [
    { attribute: 'name', key: 'description', content: meta.description },
    { attribute: 'property', key: 'og:title', content: meta.title },
    { attribute: 'property', key: 'og:description', content: meta.description },
    { attribute: 'property', key: 'og:image', content: meta.image },
    { attribute: 'property', key: 'og:type', content: meta.type },
    { attribute: 'property', key: 'og:url', content: meta.url },
    { attribute: 'name', key: 'twitter:card', content: meta.card },
    { attribute: 'name', key: 'twitter:title', content: meta.title },
    { attribute: 'name', key: 'twitter:description', content: meta.description },
    { attribute: 'name', key: 'twitter:image', content: meta.image },
    { attribute: 'name', key: 'twitter:url', content: meta.url },
  ];
}
