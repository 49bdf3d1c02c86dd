/**
 * schema.org structured data for the blog (JSON-LD). Pure: the page passes its origin, so every URL
 * is absolute, as search engines expect.
 */
import {
  ARTICLES,
  BLOG_AUTHOR,
  BLOG_DESCRIPTION,
  BLOG_TITLE,
  articlePath,
  articleWordCount,
  type Article,
} from './blog';
import { SITE_NAME } from '../components/pageMeta';

const LOGO_PATH = '/logo.jpg';

function publisher(origin: string) {
  return {
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${origin}/`,
    logo: { '@type': 'ImageObject', url: `${origin}${LOGO_PATH}`, width: 512, height: 512 },
  };
}

export function articleJsonLd(article: Article, origin: string) {
  const url = `${origin}${articlePath(article.slug)}`;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'BlogPosting',
        '@id': `${url}#article`,
        headline: `${article.title}: ${article.subtitle}`,
        description: article.description,
        image: [`${origin}${LOGO_PATH}`],
        datePublished: article.datePublished,
        dateModified: article.dateModified,
        author: { '@type': 'Organization', name: BLOG_AUTHOR, url: `${origin}/` },
        publisher: publisher(origin),
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        url,
        inLanguage: 'en',
        articleSection: article.category,
        keywords: article.keywords.join(', '),
        wordCount: articleWordCount(article),
        isPartOf: { '@type': 'Blog', '@id': `${origin}/blog#blog`, name: BLOG_TITLE },
      },
      {
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
          { '@type': 'ListItem', position: 2, name: 'Blog', item: `${origin}/blog` },
          { '@type': 'ListItem', position: 3, name: article.title, item: url },
        ],
      },
    ],
  };
}

export function blogJsonLd(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Blog',
    '@id': `${origin}/blog#blog`,
    name: BLOG_TITLE,
    description: BLOG_DESCRIPTION,
    url: `${origin}/blog`,
    publisher: publisher(origin),
    blogPost: ARTICLES.map((article) => ({
      '@type': 'BlogPosting',
      '@id': `${origin}${articlePath(article.slug)}#article`,
      headline: `${article.title}: ${article.subtitle}`,
      url: `${origin}${articlePath(article.slug)}`,
      datePublished: article.datePublished,
    })),
  };
}

/**
 * The text of a `<script type="application/ld+json">`. `<` is escaped so the JSON can never close
 * the script element, whichever way it is inserted.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
