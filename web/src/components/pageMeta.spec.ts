import { describe, expect, it } from '@jest/globals';
import { DEFAULT_META, metaTagsFor, resolvePageMeta } from './pageMeta';

const here = 'https://starborn.example/faqs?q=1';

describe('resolvePageMeta', () => {
  it('uses the defaults, with the default image /logo.jpg made absolute', () => {
    expect(resolvePageMeta({}, here)).toEqual({
      documentTitle: DEFAULT_META.title,
      title: DEFAULT_META.title,
      description: DEFAULT_META.description,
      image: 'https://starborn.example/logo.jpg',
      type: 'website',
      url: here,
      card: 'summary',
    });
  });

  it('suffixes page titles with the site name and keeps given values', () => {
    const meta = resolvePageMeta(
      {
        title: 'FAQs',
        description: 'Answers',
        image: '/media/hero.png',
        type: 'article',
        url: '/share/x',
        card: 'summary_large_image',
      },
      here,
    );
    expect(meta).toEqual({
      documentTitle: 'FAQs | Starborn',
      title: 'FAQs',
      description: 'Answers',
      image: 'https://starborn.example/media/hero.png',
      type: 'article',
      url: 'https://starborn.example/share/x',
      card: 'summary_large_image',
    });
  });
});

describe('metaTagsFor', () => {
  it('covers Open Graph and Twitter tags', () => {
    const tags = metaTagsFor(resolvePageMeta({ title: 'FAQs' }, here));
    const byKey = Object.fromEntries(tags.map((t) => [t.key, t]));
    for (const key of ['og:title', 'og:description', 'og:image', 'og:type', 'og:url']) {
      expect(byKey[key].attribute).toBe('property');
    }
    for (const key of [
      'twitter:card',
      'twitter:title',
      'twitter:description',
      'twitter:image',
      'twitter:url',
      'description',
    ]) {
      expect(byKey[key].attribute).toBe('name');
    }
    expect(byKey['og:title'].content).toBe('FAQs');
    expect(byKey['twitter:image'].content).toBe('https://starborn.example/logo.jpg');
  });
});
