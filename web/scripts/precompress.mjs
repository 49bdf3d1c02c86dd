// After `vite build`: writes a Brotli (.br) and a gzip (.gz) copy beside every text file of web/dist that
// compresses, so the gateway sends them to browsers that accept them (@fastify/static `preCompressed`)
// at no cost per request. Fonts and images are compressed formats already and are left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
/** Below this, the headers of a compressed answer outweigh what it saves. */
const MIN_BYTES = 1024;

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Vite's own build records (the manifest) are read by tools, never served.
    if (entry.isDirectory() && entry.name !== '.vite') yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export function precompress(distDir) {
  let written = 0;
  for (const file of filesUnder(distDir)) {
    if (!TEXT.has(path.extname(file)) || statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gzip = gzipSync(body, { level: 9 });
    // A copy that is not smaller is not worth sending.
    for (const [extension, copy] of [
      ['.br', brotli],
      ['.gz', gzip],
    ]) {
      if (copy.length >= body.length) continue;
      writeFileSync(`${file}${extension}`, copy);
      written++;
    }
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dist = path.resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url)));
  console.log(
    `precompress: ${precompress(dist)} compressed copies in ${path.relative(process.cwd(), dist) || '.'}`,
  );
}
