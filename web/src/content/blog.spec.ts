import { describe, expect, it } from '@jest/globals';
import { ARTICLES, articleBySlug, articleReadingMinutes, articleWordCount, formatIsoDate } from './blog';
import { articleJsonLd, blogJsonLd, serializeJsonLd } from './jsonLd';
import { countWords, linkKind, parseInline, plainText, readingMinutes } from './markup';
import { COOKIES } from './cookies';
import { NFT_BASICS } from './nft';
import { PARTNERSHIP } from './partnership';
import { PRIVACY } from './privacy';
import { TERMS } from './terms';
import { documentText } from './types';

describe('inline markup', () => {
  it('splits links, strong text and code from plain text', () => {
    expect(parseInline('See [the guide](/zodiac-guide), **now** or `authToken`.')).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'link', text: 'the guide', href: '/zodiac-guide' },
      { type: 'text', text: ', ' },
      { type: 'strong', text: 'now' },
      { type: 'text', text: ' or ' },
      { type: 'code', text: 'authToken' },
      { type: 'text', text: '.' },
    ]);
    expect(parseInline('plain')).toEqual([{ type: 'text', text: 'plain' }]);
    expect(parseInline('')).toEqual([]);
  });

  it('gives the text a reader sees', () => {
    expect(plainText('Write to [us](mailto:a@b.c) **today**')).toBe('Write to us today');
  });

  it('tells internal, mail and external links apart', () => {
    const hrefsByKind = {
      internal: ['/support', '#top'],
      mail: ['mailto:support@starbornhero.com'],
      external: ['https://example.com', '//example.com'],
    };
    for (const [kind, hrefs] of Object.entries(hrefsByKind)) {
      for (const href of hrefs) expect(linkKind(href)).toBe(kind);
    }
  });

  it('counts words and reading minutes', () => {
    expect(countWords("The hero's journey — twelve signs, 4 elements.")).toBe(7);
    expect(countWords('   ')).toBe(0);
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(201)).toBe(2);
  });
});

describe('blog articles', () => {
  it('are the two articles, each over 1,000 words', () => {
    expect(ARTICLES.map((a) => a.slug)).toEqual(['zodiac-hero-archetypes', 'ai-mythical-journeys']);
    for (const article of ARTICLES) {
      expect(articleWordCount(article)).toBeGreaterThan(1000);
      expect(articleReadingMinutes(article)).toBeGreaterThanOrEqual(5);
    }
  });

  it('have unique section anchors and only links to pages that exist', () => {
    const routes = new Set([
      '/',
      '/create',
      '/profile',
      '/support',
      '/faqs',
      '/zodiac-guide',
      '/nft-basics',
      '/terms-of-service',
      '/privacy-policy',
      '/cookie-policy',
      '/blog',
      '/blog/zodiac-hero-archetypes',
      '/blog/ai-mythical-journeys',
      '/backlink-strategy',
    ]);
    for (const doc of [...ARTICLES, TERMS, PRIVACY, COOKIES, NFT_BASICS, PARTNERSHIP]) {
      const ids = doc.sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      const text = JSON.stringify(doc);
      for (const [, href] of text.matchAll(/\]\(([^)]+)\)/g)) {
        if (linkKind(href!) === 'internal') expect(routes).toContain(href);
        if (linkKind(href!) === 'mail') expect(href).toMatch(/^mailto:[a-z]+@starbornhero\.com$/);
      }
    }
  });

  it('finds an article by slug', () => {
    expect(articleBySlug('ai-mythical-journeys').title).toBe('AI Mythical Journeys');
  });

  it('formats ISO dates without a time zone', () => {
    expect(formatIsoDate('2026-11-07')).toBe('7 November 2026');
  });
});

describe('legal texts', () => {
  it('state the facts the product promises', () => {
    const terms = documentText(TERMS);
    expect(terms).toContain('at least 18 years old');
    expect(terms).toContain('Stripe');
    expect(terms).toContain('OpenAI');
    expect(terms).toMatch(/Messages are visible to every member of the room/);
    const privacy = documentText(PRIVACY);
    for (const word of ['Stripe', 'OpenAI', 'Retention periods', 'delete', 'support']) {
      expect(privacy).toContain(word);
    }
    const cookies = documentText(COOKIES);
    expect(cookies).toContain('authToken');
    expect(cookies).toContain('user');
    expect(cookies).toContain('does not use tracking');
    expect(documentText(NFT_BASICS)).toContain('Ethereum is the blockchain');
    expect(documentText(NFT_BASICS)).toMatch(/coming soon/i);
  });
});

describe('JSON-LD', () => {
  it('describes an article as a BlogPosting with absolute URLs', () => {
    const data = articleJsonLd(articleBySlug('zodiac-hero-archetypes'), 'https://starborn.test');
    const [posting, breadcrumbs] = data['@graph'];
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      url: 'https://starborn.test/blog/zodiac-hero-archetypes',
      datePublished: '2026-11-17',
      publisher: { logo: { url: 'https://starborn.test/logo.jpg' } },
    });
    expect((posting as { wordCount: number }).wordCount).toBeGreaterThan(1000);
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect(blogJsonLd('https://starborn.test').blogPost).toHaveLength(2);
  });

  it('serialises so that the JSON cannot end its script element', () => {
    const text = serializeJsonLd({ a: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ a: '</script><script>alert(1)</script>' });
  });
});
