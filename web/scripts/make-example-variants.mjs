// Writes the landing page's example portraits (public/examples/<slug>.png, made by
// make-example-heroes.mjs) as AVIF and WebP at the widths the page shows them at, under
// public/assets/examples/ with a content hash in each name (the gateway caches /assets/ for good), and
// lists them in src/features/heroes/exampleImages.json for the page's srcset. Run from the repo root:
//   node web/scripts/make-example-variants.mjs
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

// The cards are at most 360 CSS pixels wide (three columns) and 520 on one column: 320 at 1×, the
// whole 512-pixel portrait above that.
const WIDTHS = [320, 512];
const ENCODING = { avif: { quality: 50, effort: 4 }, webp: { quality: 80, effort: 4 } };
const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const outDir = `${publicDir}assets/examples/`;
const examplesFile = new URL('../src/features/heroes/exampleHeroes.json', import.meta.url);
const listFile = new URL('../src/features/heroes/exampleImages.json', import.meta.url);

const examples = JSON.parse(await readFile(examplesFile, 'utf8'));
await mkdir(outDir, { recursive: true });
for (const name of await readdir(outDir)) await rm(`${outDir}${name}`);

const list = {};
for (const { slug } of examples) {
  const png = await readFile(`${publicDir}examples/${slug}.png`);
  list[slug] = { avif: [], webp: [] };
  for (const width of WIDTHS) {
    for (const format of ['avif', 'webp']) {
      const resized = sharp(png).resize({ width, withoutEnlargement: true });
      const encoded = format === 'avif' ? resized.avif(ENCODING.avif) : resized.webp(ENCODING.webp);
      const body = await encoded.toBuffer();
      const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
      const name = `${slug}.w${width}.${hash}.${format}`;
      await writeFile(`${outDir}${name}`, body);
      list[slug][format].push({ width, url: `/assets/examples/${name}` });
      console.log(`wrote public/assets/examples/${name} (${Math.round(body.length / 1024)} KB)`);
    }
  }
}
await writeFile(listFile, `${JSON.stringify(list, null, 2)}\n`);
