import { escapeHtml, metaContent, unescapeHtml, withAbsoluteMetaUrls, withPageMeta } from './page-meta.js';

// The web app's index.html as Vite builds it: tags wrapped over lines, relative default URLs.
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Starborn — Your Personalized Fantasy Story</title>
    <meta
      name="description"
      content="Turn your birth date into a hero."
    />
    <meta property="og:site_name" content="Starborn" />
    <meta property="og:title" content="Starborn — Your Personalized Fantasy Story" />
    <meta property="og:description" content="Turn your birth date into a hero." />
    <meta property="og:image" content="/logo.jpg" />
    <meta property="og:url" content="/" />
    <meta name="twitter:card" content="summary" />
    <meta name="twitter:title" content="Starborn — Your Personalized Fantasy Story" />
    <meta name="twitter:description" content="Turn your birth date into a hero." />
    <meta name="twitter:image" content="/logo.jpg" />
    <meta name="twitter:url" content="/" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const HOSTILE = '"><script>alert(1)</script> & $& $1';

describe('withAbsoluteMetaUrls', () => {
  it('makes the default image and page URLs absolute on the public origin, and leaves the rest', () => {
    const html = withAbsoluteMetaUrls(INDEX, 'https://starborn.example');
    expect(metaContent(html, 'og:image')).toBe('https://starborn.example/logo.jpg');
    expect(metaContent(html, 'twitter:image')).toBe('https://starborn.example/logo.jpg');
    expect(metaContent(html, 'og:url')).toBe('https://starborn.example/');
    expect(metaContent(html, 'twitter:url')).toBe('https://starborn.example/');
    expect(metaContent(html, 'description')).toBe('Turn your birth date into a hero.');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    // Each tag once: replaced in place, not added again.
    expect(html.match(/og:image"/g)).toHaveLength(1);
  });
});

describe('withPageMeta', () => {
  const meta = {
    title: `${HOSTILE} — a Starborn hero`,
    documentTitle: `${HOSTILE} — a Starborn hero | Starborn`,
    description: `Meet ${HOSTILE}, a Leo hero of the Rat, born of the stars.`,
    image: 'https://starborn.example/api/share/abc/card/v1.png',
    imageWidth: 1200,
    imageHeight: 630,
    imageAlt: 'A card',
    url: 'https://starborn.example/share/abc',
    card: 'summary_large_image' as const,
  };

  it('puts the page title, description, image, URL and large card in every preview tag', () => {
    const html = withPageMeta(INDEX, meta);
    expect(metaContent(html, 'og:title')).toBe(meta.title);
    expect(metaContent(html, 'twitter:title')).toBe(meta.title);
    expect(metaContent(html, 'description')).toBe(meta.description);
    expect(metaContent(html, 'og:description')).toBe(meta.description);
    expect(metaContent(html, 'twitter:description')).toBe(meta.description);
    expect(metaContent(html, 'og:image')).toBe(meta.image);
    expect(metaContent(html, 'twitter:image')).toBe(meta.image);
    expect(metaContent(html, 'og:url')).toBe(meta.url);
    expect(metaContent(html, 'twitter:url')).toBe(meta.url);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    // Tags the template lacks are added to the head.
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'og:image:alt')).toBe('A card');
    expect(html.indexOf('og:image:width')).toBeLessThan(html.indexOf('</head>'));
    expect(metaContent(html, 'og:site_name')).toBe('Starborn');
  });

  it('keeps user text as text: no tag, attribute or replacement pattern escapes it', () => {
    const html = withPageMeta(INDEX, meta);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('"><script>alert');
    expect(html).toContain(
      '<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; $&amp; $1 — a Starborn hero | Starborn</title>',
    );
    // The only scripts left are the app's.
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});

describe('escapeHtml', () => {
  it('escapes the characters that end an attribute or start markup', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('unescapeHtml', () => {
  it('gives back the text escapeHtml escaped', () => {
    const text = `<a href="x" title='y'>&amp; &lt;/a> $& $1`;
    expect(unescapeHtml(escapeHtml(text))).toBe(text);
    expect(unescapeHtml('&quot;&#39;&lt;&gt;&amp;')).toBe(`"'<>&`);
  });

  it('is undone by escaping again: an entity in the text is escaped as text', () => {
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
    expect(escapeHtml(unescapeHtml('&amp;lt;'))).toBe('&amp;lt;');
  });

  it('decodes each entity once: a decoded ampersand starts no other entity', () => {
    expect(unescapeHtml('&amp;lt;')).toBe('&lt;');
    expect(unescapeHtml('&amp;amp;')).toBe('&amp;');
    expect(unescapeHtml('&amp;quot;&amp;#39;')).toBe('&quot;&#39;');
  });

  it('leaves alone what is not one of its entities', () => {
    expect(unescapeHtml('a & b &copy; &lt &#60; &LT;')).toBe('a & b &copy; &lt &#60; &LT;');
  });
});

describe('metaContent', () => {
  it('reads an escaped ampersand in a link once', () => {
    const html = '<head><meta property="og:url" content="https://s.example/?q=&amp;lt;&amp;x=1" /></head>';
    expect(metaContent(html, 'og:url')).toBe('https://s.example/?q=&lt;&x=1');
  });
});
