// Makes the landing page's three example hero portraits with the local AI provider, the
// same one that paints real heroes, and writes them as static files: public/examples/<slug>.png
// and <slug>.webp (its webp sibling: the image component asks for it), 512 × 512, each < 300 KB.
// The heroes (name, birth date, a fixed hero id that seeds the artwork) live in
// src/features/heroes/exampleHeroes.json, which the landing page reads too.
// Run from the repository root after building the libraries (npx nx run-many -t build, or
// npx tsc -p libs/ai/tsconfig.build.json && npx tsc -p libs/zodiac/tsconfig.build.json):
//   node web/scripts/make-example-heroes.mjs
import { LocalAiProvider, toWebp } from '@starborn/ai';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { heroProfile } from '../../bench/lib/hero-profile.mjs';

const SIZE = 512;
const MAX_BYTES = 300 * 1024;
const outDir = fileURLToPath(new URL('../public/examples/', import.meta.url));
const examplesFile = new URL('../src/features/heroes/exampleHeroes.json', import.meta.url);

const examples = JSON.parse(await readFile(examplesFile, 'utf8'));
const provider = new LocalAiProvider();
await mkdir(outDir, { recursive: true });

for (const example of examples) {
  const profile = heroProfile(example);
  const images = await provider.generateHeroImages(profile);
  const front = images.find((image) => image.angle === 'front') ?? images[0];
  if (!front) throw new Error(`The provider returned no image for ${example.name}.`);

  const resized = await sharp(front.png).resize(SIZE, SIZE, { fit: 'cover' }).toBuffer();
  const png = await sharp(resized)
    .png({ compressionLevel: 9, palette: true, quality: 92, effort: 10 })
    .toBuffer();
  const webp = await toWebp(resized);

  for (const [ext, data] of [
    ['png', png],
    ['webp', webp],
  ]) {
    if (data.length >= MAX_BYTES) {
      throw new Error(`${example.slug}.${ext} is ${data.length} bytes; the limit is ${MAX_BYTES}.`);
    }
    await writeFile(`${outDir}${example.slug}.${ext}`, data);
    console.log(`wrote public/examples/${example.slug}.${ext} (${Math.round(data.length / 1024)} KB)`);
  }
}
