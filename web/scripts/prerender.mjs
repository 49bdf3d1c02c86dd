// After `vite build`: renders the public pages to HTML (src/entry-server.tsx, built for Node into
// dist-ssr-<pid>/), each into a copy of dist/index.html with its own title and preview tags, and writes them
// with a manifest under dist/.pages/ for the gateway (services/gateway/src/http/spa-fallback.ts). A
// visitor, a search engine or a link previewer gets the page's full text before any JavaScript runs;
// the app then hydrates it (src/main.tsx). Each page's own chunk is preloaded, so hydration does not
// wait for a request it could have made at once.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { withPageMeta } from '@starborn/page-meta';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The built app to prerender into: web/dist, or the directory given (a build of one's own).
const DIST = path.resolve(process.argv[2] ?? path.join(WEB, 'dist'));
// The server build, beside node_modules so its imports resolve; one per run, so two builds never meet.
const SSR_OUT = path.join(WEB, `dist-ssr-${process.pid}`);
const PAGES_DIR = path.join(DIST, '.pages');

/** The module each prerendered page loads lazily (its route's chunk), by manifest key. */
function pageChunkKey(manifest, pagePath) {
  const sources = {
    '/blog': 'src/pages/content/BlogIndexPage.tsx',
    '/zodiac-guide': 'src/pages/content/ZodiacGuidePage.tsx',
    '/faqs': 'src/pages/content/FaqPage.tsx',
    '/nft-basics': 'src/pages/content/NftBasicsPage.tsx',
    '/terms-of-service': 'src/pages/content/TermsPage.tsx',
    '/privacy-policy': 'src/pages/content/PrivacyPage.tsx',
    '/cookie-policy': 'src/pages/content/CookiePage.tsx',
    '/support': 'src/pages/content/SupportPage.tsx',
    '/backlink-strategy': 'src/pages/content/PartnershipPage.tsx',
  };
  const source = pagePath.startsWith('/blog/') ? 'src/pages/content/BlogArticlePage.tsx' : sources[pagePath];
  return source && manifest[source] ? source : undefined;
}

/** The chunk's file and those it imports statically, as modulepreload links. */
function preloadLinks(manifest, key) {
  const files = new Set();
  const visit = (k) => {
    const chunk = manifest[k];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
}

/** The template with the page's markup in the root element, and its preload links in the head. */
function pageHtml(template, markup, preloads) {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error('dist/index.html has no empty <div id="root"></div>');
  const withBody = template.replace(root, () => `<div id="root">${markup}</div>`);
  return preloads.length
    ? withBody.replace('</head>', () => `  ${preloads.join('\n    ')}\n  </head>`)
    : withBody;
}

export async function prerender() {
  try {
    return await renderInto();
  } finally {
    rmSync(SSR_OUT, { recursive: true, force: true });
  }
}

async function renderInto() {
  await build({
    root: WEB,
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: SSR_OUT, emptyOutDir: true, manifest: false },
  });
  const server = await import(pathToFileURL(path.join(SSR_OUT, 'entry-server.js')).href);
  const template = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8'));
  // Only chunks already preloaded by the entry are left out of a page's own list.
  const entryPreloads = new Set(preloadLinks(manifest, 'index.html'));

  rmSync(PAGES_DIR, { recursive: true, force: true });
  mkdirSync(PAGES_DIR, { recursive: true });
  const pages = {};
  const write = async (pagePath, file) => {
    const { html, meta } = await server.renderPage(pagePath);
    const resolved = server.resolvePageMeta(meta, `${server.PRERENDER_ORIGIN}${pagePath}`);
    const key = pageChunkKey(manifest, pagePath);
    const preloads = key ? preloadLinks(manifest, key).filter((link) => !entryPreloads.has(link)) : [];
    const document = withPageMeta(pageHtml(template, html, preloads), {
      title: resolved.title,
      documentTitle: resolved.documentTitle,
      description: resolved.description,
      image: resolved.image,
      url: resolved.url,
      card: resolved.card,
      type: resolved.type,
    });
    writeFileSync(path.join(PAGES_DIR, file), document);
  };
  for (const pagePath of server.PRERENDERED_PAGES) {
    const file = pagePath === '/' ? 'index.html' : `${pagePath.slice(1).replaceAll('/', '--')}.html`;
    await write(pagePath, file);
    pages[pagePath] = file;
  }
  await write(server.NOT_FOUND_PRERENDER_PATH, '404.html');
  writeFileSync(
    path.join(PAGES_DIR, 'pages.json'),
    JSON.stringify(
      {
        originPlaceholder: server.PRERENDER_ORIGIN,
        pages,
        notFound: '404.html',
        routes: server.ROUTE_PATTERNS,
      },
      null,
      2,
    ),
  );
  return Object.keys(pages).length + 1;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = await prerender();
  console.log(`prerendered ${count} pages into ${path.relative(process.cwd(), PAGES_DIR)}/`);
}
