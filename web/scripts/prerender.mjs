// After `vite build`: renders the public pages to HTML (src/entry-server.tsx, built for Node into
// dist-ssr-<pid>/), each into a copy of dist/index.html with its own title and preview tags, and writes them
// with a manifest under dist/.pages/ for the gateway (services/gateway/src/http/spa-fallback.ts). A
// visitor, a search engine or a link previewer gets the page's full text before any JavaScript runs;
// the app then hydrates it (src/main.tsx, started by src/boot.ts once the page has painted). Each page
// names its own chunks in a meta tag of its head, which boot.ts preloads with the app, so hydration does
// not wait for a request it could have made at once.
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
/** The app's module (imported by the entry, src/boot.ts), by its key in the build's manifest. */
const APP_MODULE = 'src/main.tsx';

/** The name of the meta tag listing a page's own chunks (read by src/boot.ts). */
const PAGE_CHUNKS_META = 'starborn:page-chunks';

/** The chunk's file and those it imports statically, as paths from the site's root. */
function chunkFiles(manifest, key) {
  const files = new Set();
  const visit = (k) => {
    const chunk = manifest[k];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...files].map((file) => `/${file}`);
}

/** The template with the page's markup in the root element, and its own chunks named in the head. */
function pageHtml(template, markup, chunks) {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error('dist/index.html has no empty <div id="root"></div>');
  const withBody = template.replace(root, () => `<div id="root">${markup}</div>`);
  return chunks.length
    ? withBody.replace(
        '</head>',
        () => `  <meta name="${PAGE_CHUNKS_META}" content="${chunks.join(' ')}" />\n  </head>`,
      )
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
  // The entry's chunks and the app's come without the list: they are left out of a page's own.
  const appChunks = new Set([...chunkFiles(manifest, 'index.html'), ...chunkFiles(manifest, APP_MODULE)]);

  rmSync(PAGES_DIR, { recursive: true, force: true });
  mkdirSync(PAGES_DIR, { recursive: true });
  const pages = {};
  const write = async (pagePath, file) => {
    const { html, meta } = await server.renderPage(pagePath);
    const resolved = server.resolvePageMeta(meta, `${server.PRERENDER_ORIGIN}${pagePath}`);
    const module = server.PRERENDERED_PAGE_MODULES[pagePath];
    if (module && !manifest[module])
      throw new Error(`The build's manifest has no chunk for ${module} (${pagePath})`);
    const chunks = module ? chunkFiles(manifest, module).filter((file) => !appChunks.has(file)) : [];
    const document = withPageMeta(pageHtml(template, html, chunks), {
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
