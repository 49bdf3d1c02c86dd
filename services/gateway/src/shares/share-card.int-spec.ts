import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startStack, type TestStack } from '../__tests__/stack.js';
import { writeWebBuild } from '../__tests__/suite-env.js';
import { metaContent } from '@starborn/page-meta';

const ORIGIN = 'https://starborn.example';
const INACTIVE = 'This shared hero link is no longer active.';
// The web app's own index.html: the site's default tags as the build serves them.
const INDEX_HTML = readFileSync(new URL('../../../../web/index.html', import.meta.url), 'utf8');
const DEFAULT_TITLE = 'Starborn — Your Personalized Fantasy Story';

let stack: TestStack;
let webDir: string;

beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'starborn-share-card-web-'));
  const dist = await writeWebBuild(webDir, { 'index.html': INDEX_HTML });
  stack = await startStack('share-card', { env: { WEB_DIST_DIR: dist, PUBLIC_ORIGIN: ORIGIN } });
}, 60_000);

afterAll(async () => {
  await stack?.close();
  if (webDir) await rm(webDir, { recursive: true, force: true });
});

/** The share page as a link previewer gets it: the server's HTML, no JavaScript. */
async function sharePage(shareId: string) {
  const response = await fetch(`${stack.baseUrl}/share/${shareId}`);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

async function sharedHero(options: { name?: string } = {}) {
  const { token, heroId, hero } = await stack.newHero({ paid: true });
  if (options.name) {
    await stack.db.query('UPDATE heroes.heroes SET name = $2 WHERE id = $1', [heroId, options.name]);
  }
  const link = (await stack.api('POST', `/api/heroes/${heroId}/share`, { token })).json;
  return { token, heroId, hero, shareId: link.id as string };
}

function cardPathOf(html: string): string {
  const image = metaContent(html, 'og:image')!;
  expect(image.startsWith(`${ORIGIN}/`)).toBe(true);
  return image.slice(ORIGIN.length);
}

describe('the share page HTML', () => {
  it("carries the hero's name, signs, card image and URL, absolute, before any JavaScript", async () => {
    const { token, hero, shareId } = await sharedHero();
    const page = await sharePage(shareId);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const { html } = page;

    const title = `${hero.name} — a Starborn hero`;
    const description = `Meet ${hero.name}, a Leo hero of the Horse, born of the stars.`;
    expect(html).toContain(`<title>${title} | Starborn</title>`);
    for (const key of ['og:title', 'twitter:title']) expect(metaContent(html, key)).toBe(title);
    for (const key of ['description', 'og:description', 'twitter:description']) {
      expect(metaContent(html, key)).toBe(description);
    }
    const cardUrl = metaContent(html, 'og:image')!;
    expect(cardUrl).toMatch(new RegExp(`^${ORIGIN}/api/share/${shareId}/card/[A-Za-z0-9_-]{22}\\.png$`));
    expect(metaContent(html, 'twitter:image')).toBe(cardUrl);
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'og:url')).toBe(`${ORIGIN}/share/${shareId}`);
    expect(metaContent(html, 'twitter:url')).toBe(`${ORIGIN}/share/${shareId}`);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    // Still the web app: it renders the page once its script runs.
    expect(html).toContain('<div id="root"></div>');

    // The app's own request for the hero names the same card.
    const opened = (await stack.api('GET', `/api/share/${shareId}`)).json;
    expect(opened.hero.cardPath).toBe(cardPathOf(html));
    // A previewer's look is not a view: only the app's request counted.
    const links = (await stack.api('GET', '/api/user/shares', { token })).json.sharedLinks;
    expect(links[0].accessCount).toBe(1);
  });

  it('gives an inactive or unknown link the site defaults, absolute, and a 404', async () => {
    const { token, shareId } = await sharedHero();
    const cardPath = cardPathOf((await sharePage(shareId)).html);
    expect((await stack.api('DELETE', `/api/shares/${shareId}`, { token })).status).toBe(200);

    for (const id of [shareId, 'AAAAAAAAAAAAAAAAAAAAAAAA', 'not-a-share-id']) {
      const page = await sharePage(id);
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.html).toContain(`<title>${DEFAULT_TITLE}</title>`);
      expect(metaContent(page.html, 'og:title')).toBe(DEFAULT_TITLE);
      expect(metaContent(page.html, 'og:image')).toBe(`${ORIGIN}/logo.jpg`);
      expect(metaContent(page.html, 'twitter:image')).toBe(`${ORIGIN}/logo.jpg`);
      expect(metaContent(page.html, 'og:url')).toBe(`${ORIGIN}/`);
      expect(metaContent(page.html, 'twitter:card')).toBe('summary');
    }
    // Its card is gone with it.
    const card = await stack.api('GET', cardPath);
    expect(card.status).toBe(404);
    expect(card.json).toMatchObject({ error: INACTIVE, message: INACTIVE });
  });

  it('keeps a hostile hero name as text in every tag', async () => {
    const name = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const { shareId } = await sharedHero({ name });
    const { status, html } = await sharePage(shareId);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(metaContent(html, 'og:title')).toBe(`${name} — a Starborn hero`);
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('gives every other page of the app the default tags with absolute URLs', async () => {
    for (const path of ['/', '/profile', '/share/']) {
      const response = await fetch(`${stack.baseUrl}${path}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(metaContent(html, 'og:image')).toBe(`${ORIGIN}/logo.jpg`);
      expect(metaContent(html, 'twitter:image')).toBe(`${ORIGIN}/logo.jpg`);
    }
  });
});

describe('the share card image', () => {
  it('is a 1200×630 PNG rendered once, kept in storage, served for good under its URL', async () => {
    const { heroId, shareId } = await sharedHero();
    const cardPath = cardPathOf((await sharePage(shareId)).html);
    const version = /\/card\/([^/]+)\.png$/.exec(cardPath)![1];

    const first = await fetch(`${stack.baseUrl}${cardPath}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const png = Buffer.from(await first.arrayBuffer());
    const metadata = await sharp(png).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 1200, 630]);

    const stored = await stack.storage.get(`heroes/${heroId}/share-cards/${shareId}/${version}.png`);
    expect(Buffer.concat(await stored!.body.toArray()).equals(png)).toBe(true);
    const again = Buffer.from(await (await fetch(`${stack.baseUrl}${cardPath}`)).arrayBuffer());
    expect(again.equals(png)).toBe(true);
    // No token needed, nothing to sign: a previewer fetches it as is.
    expect((await fetch(`${stack.baseUrl}${cardPath}`, { method: 'HEAD' })).status).toBe(200);
  });

  it('gets a new URL and a new picture when the hero is renamed; the old URL is refused', async () => {
    const { heroId, shareId } = await sharedHero();
    const before = cardPathOf((await sharePage(shareId)).html);
    const oldPng = Buffer.from(await (await fetch(`${stack.baseUrl}${before}`)).arrayBuffer());

    await stack.db.query(`UPDATE heroes.heroes SET name = 'Renamed Wanderer' WHERE id = $1`, [heroId]);
    const after = cardPathOf((await sharePage(shareId)).html);
    expect(after).not.toBe(before);
    const fresh = await fetch(`${stack.baseUrl}${after}`);
    expect(fresh.status).toBe(200);
    expect(Buffer.from(await fresh.arrayBuffer()).equals(oldPng)).toBe(false);

    const stale = await stack.api('GET', before);
    expect(stale.status).toBe(404);
    expect(stale.json).toMatchObject({ error: 'This card is out of date.' });
    for (const file of ['x.png', `${'A'.repeat(22)}.jpg`, '..%2F..%2Fsecret.png']) {
      expect((await stack.api('GET', `/api/share/${shareId}/card/${file}`)).status).toBe(404);
    }
  });
});
