/**
 * The title and link-preview tags of the web app's index.html, set on the server: link previewers
 * (chat apps, social sites) read the HTML as sent and run no JavaScript.
 */

/** Tags whose content is a URL: previewers need them absolute. */
const URL_TAGS = ['og:image', 'twitter:image', 'og:url', 'twitter:url'] as const;

export interface PageMeta {
  title: string;
  /** The document title when it differs from the preview title (the page's `<title>`). */
  documentTitle?: string;
  description: string;
  /** Absolute URL. */
  image: string;
  imageWidth?: number;
  imageHeight?: number;
  imageAlt?: string;
  /** Absolute URL of the page. */
  url: string;
  card: 'summary' | 'summary_large_image';
  /** Open Graph's type ('website', 'article'); the page's own default stays without it. */
  type?: string;
}

/** The characters that end an attribute or start markup, and their entities. */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};
const CHARACTERS: Record<string, string> = Object.fromEntries(
  Object.entries(ENTITIES).map(([character, entity]) => [entity, character]),
);
// Both patterns come from the table (none of its characters or entities is special in a pattern).
const ESCAPED = new RegExp(`[${Object.keys(ENTITIES).join('')}]`, 'g');
const ENTITY = new RegExp(Object.values(ENTITIES).join('|'), 'g');

/** Text for an HTML attribute or element: what a user typed stays text. */
export function escapeHtml(text: string): string {
  return text.replace(ESCAPED, (character) => ENTITIES[character]!);
}

/**
 * The text escapeHtml escaped. One pass from left to right, so a decoded `&` never starts another
 * entity: `&amp;lt;` is `&lt;`, not `<`.
 */
export function unescapeHtml(text: string): string {
  return text.replace(ENTITY, (entity) => CHARACTERS[entity]!);
}

/** `<meta property|name="key" … >`, wherever the attributes are and however the tag is wrapped. */
function metaTagPattern(key: string): RegExp {
  const name = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`<meta\\b(?=[^>]*\\b(?:property|name)="${name}")[^>]*>`, 'i');
}

/** Open Graph tags are `property`, the others `name`. */
function metaTag(key: string, content: string): string {
  const attribute = key.startsWith('og:') ? 'property' : 'name';
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
}

/** The content of the tag in the HTML, if it has one. */
export function metaContent(html: string, key: string): string | undefined {
  const tag = metaTagPattern(key).exec(html)?.[0];
  const content = tag && /\bcontent="([^"]*)"/.exec(tag)?.[1];
  return content === undefined || content === '' ? content : unescapeHtml(content);
}

/** Sets each tag's content: replaces the tag if the HTML has it, else adds it at the end of the head. */
export function withMetaTags(html: string, tags: Record<string, string>): string {
  let result = html;
  const added: string[] = [];
  for (const [key, content] of Object.entries(tags)) {
    const pattern = metaTagPattern(key);
    // A function replacement: `$` in user text is not a replacement pattern.
    if (pattern.test(result)) result = result.replace(pattern, () => metaTag(key, content));
    else added.push(metaTag(key, content));
  }
  return added.length ? result.replace('</head>', () => `  ${added.join('\n    ')}\n  </head>`) : result;
}

/** The page's own title and preview tags in place of the site's defaults. */
export function withPageMeta(html: string, meta: PageMeta): string {
  const tags: Record<string, string> = {
    description: meta.description,
    'og:title': meta.title,
    'og:description': meta.description,
    'og:image': meta.image,
    'og:url': meta.url,
    'twitter:card': meta.card,
    'twitter:title': meta.title,
    'twitter:description': meta.description,
    'twitter:image': meta.image,
    'twitter:url': meta.url,
  };
  if (meta.type) tags['og:type'] = meta.type;
  if (meta.imageWidth) tags['og:image:width'] = String(meta.imageWidth);
  if (meta.imageHeight) tags['og:image:height'] = String(meta.imageHeight);
  if (meta.imageAlt) {
    tags['og:image:alt'] = meta.imageAlt;
    tags['twitter:image:alt'] = meta.imageAlt;
  }
  const title = escapeHtml(meta.documentTitle ?? meta.title);
  return withMetaTags(html, tags).replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title}</title>`);
}

/** The site's default preview URLs (`/logo.jpg`, `/`) made absolute on the public origin. */
export function withAbsoluteMetaUrls(html: string, origin: string): string {
  const tags: Record<string, string> = {};
  for (const key of URL_TAGS) {
    const content = metaContent(html, key);
    if (content !== undefined) tags[key] = new URL(content, `${origin}/`).href;
  }
  return withMetaTags(html, tags);
}
