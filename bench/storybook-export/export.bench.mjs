// Storybook export: a 10-chapter illustrated book made in-process with @starborn/book, as the gateway makes
// it for GET /api/heroes/{heroId}/storybook/export and the assets zip. The pictures are what the image
// providers store: a 1024×1024 portrait and 1200×800 illustrations, PNG with an alpha channel (as the local
// provider renders them), of busy content that compresses as a painting does (about 3 MB each), so neither
// the EPUB's copying nor the PDF's conversion gets an easy picture. Chapters are about 1,700 words of
// markdown with headings, emphasis, a list and a quote.
//
// Each format is rendered WARMUP times, then ROUNDS times alternating with the other format; p50 and p90
// per format. Target: p50 under 2 s for each format. Timing never fails the run; a wrong book does.
//
// Run after building the library, from the repo root:
//   npx nx run @starborn/book:build && node bench/storybook-export/export.bench.mjs
// BENCH_SCALE=0.3 for a quick run. Writes bench/results/storybook-export.json and prints a table.
import os from 'node:os';
import { renderBook } from '@starborn/book';
import { benchScale, fmt, machineInfo, scaled, textTable, writeResult } from '../lib/harness.mjs';
import { picture } from '../lib/picture.mjs';
import { percentile, sortedSamples } from '../lib/stats.mjs';

const SCALE = benchScale();
const ROUNDS = scaled(15, SCALE, 5);
const WARMUP = 2;
const CHAPTERS = 10;
const TARGET_P50_MS = 2000;
const FORMATS = ['epub', 'pdf'];

const log = (line) => process.stderr.write(`${line}\n`);
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

const SENTENCES = [
  'The wind carried the smell of rain across the silver hills.',
  'Lyra tightened the strap of her satchel and looked back only once.',
  'Somewhere below, the river sang a song older than the kingdom.',
  'Her fox padded ahead, ears turning at every whisper of the grass.',
  'Stars came out one by one, as if someone were lighting lanterns for her.',
  'She remembered what her grandmother had said about the night the comet fell.',
];

function chapterText(number) {
  const paragraph = (k) =>
    Array.from({ length: 8 }, (_, i) => SENTENCES[(number + k + i) % SENTENCES.length]).join(' ');
  const paragraphs = Array.from({ length: 14 }, (_, k) => paragraph(k));
  return [
    `# The Road, Part ${number}`,
    paragraphs.slice(0, 5).join('\n\n'),
    `## What the **river** said`,
    `> *Go on*, it said, *the dawn is closer than it looks.*`,
    paragraphs.slice(5, 10).join('\n\n'),
    '- a lantern\n- a map drawn in ink that moved\n- three silver coins',
    '---',
    paragraphs.slice(10).join('\n\n'),
  ].join('\n\n');
}

async function makeBook() {
  const [cover, ...illustrations] = await Promise.all([
    picture(1024, 1024, 1),
    ...Array.from({ length: CHAPTERS }, (_, i) => picture(1200, 800, i + 2)),
  ]);
  return {
    id: '6f1c2a9e1d3b4c5a9e8f0a1b2c3d4e5f',
    heroName: 'Lyra Dawnstrider',
    birthdate: '1990-07-25',
    westernSign: 'Leo',
    chineseSign: 'Horse',
    backstory: Array.from({ length: 6 }, (_, k) => SENTENCES.slice(k % 3).join(' ')).join('\n\n'),
    cover,
    chapters: illustrations.map((illustration, index) => ({
      number: index + 1,
      title: `The Road, Part ${index + 1}`,
      markdown: chapterText(index + 1),
      illustration,
    })),
  };
}

/** The output is a book, not just bytes: checked once per format. */
function checkBook(format, bytes) {
  const ok =
    format === 'epub'
      ? bytes.subarray(0, 4).toString('latin1') === 'PK\x03\x04' &&
        bytes.subarray(30, 38).toString('ascii') === 'mimetype'
      : bytes.subarray(0, 5).toString('ascii') === '%PDF-' && bytes.includes('%%EOF');
  if (!ok) throw new Error(`the ${format} export is not a ${format} file`);
}

async function main() {
  const loadBefore = os.loadavg();
  log(`Making the book: a ${1024}² cover and ${CHAPTERS} illustrations of 1200×800 …`);
  const book = await makeBook();
  const pictureBytes = [book.cover, ...book.chapters.map((c) => c.illustration)].reduce(
    (n, b) => n + b.length,
    0,
  );
  const words = book.chapters.reduce((n, c) => n + c.markdown.split(/\s+/).length, 0);

  const sizes = {};
  for (const format of FORMATS) {
    for (let i = 0; i < WARMUP; i++) {
      const bytes = await renderBook(book, format);
      if (i === 0) checkBook(format, bytes);
      sizes[format] = bytes.length;
    }
  }
  const samples = { epub: [], pdf: [] };
  for (let round_ = 0; round_ < ROUNDS; round_++) {
    for (const format of FORMATS) {
      const started = performance.now();
      await renderBook(book, format);
      samples[format].push(performance.now() - started);
    }
    log(
      `round ${round_ + 1}/${ROUNDS}: epub ${fmt.ms(samples.epub.at(-1))} ms, pdf ${fmt.ms(samples.pdf.at(-1))} ms`,
    );
  }
  const loadAfter = os.loadavg();

  const stats = Object.fromEntries(
    FORMATS.map((format) => {
      const sorted = sortedSamples(samples[format]);
      return [
        format,
        { p50: percentile(sorted, 50), p90: percentile(sorted, 90), max: sorted[sorted.length - 1] },
      ];
    }),
  );
  const label = { epub: 'EPUB', pdf: 'PDF' };
  const figures = FORMATS.flatMap((format) => [
    {
      figure: `${label[format]} export of a ${CHAPTERS}-chapter illustrated book, in-process: p50`,
      value: round(stats[format].p50),
      unit: 'ms',
      target: { max: TARGET_P50_MS, unit: 'ms' },
      pass: stats[format].p50 < TARGET_P50_MS,
      ratios: null,
    },
    {
      figure: `${label[format]} export: p90`,
      value: round(stats[format].p90),
      unit: 'ms',
      target: null,
      pass: null,
      ratios: null,
    },
  ]);
  const result = {
    bench: 'storybook-export',
    title: `Storybook export: a ${CHAPTERS}-chapter illustrated book as EPUB and PDF`,
    date: new Date().toISOString(),
    machine: machineInfo({
      loadAverage1mBefore: round(loadBefore[0], 2),
      loadAverage1mAfter: round(loadAfter[0], 2),
    }),
    config: {
      scale: SCALE,
      rounds: ROUNDS,
      warmup: WARMUP,
      chapters: CHAPTERS,
      words,
      pictureMiB: round(pictureBytes / 2 ** 20, 2),
      epubMiB: round(sizes.epub / 2 ** 20, 2),
      pdfMiB: round(sizes.pdf / 2 ** 20, 2),
    },
    samples: Object.fromEntries(FORMATS.map((format) => [format, samples[format].map((ms) => round(ms, 2))])),
    figures,
    notes: [
      `One process renders the same book ${ROUNDS} times per format (after ${WARMUP} warm-up renders), alternating ` +
        'formats; the time is renderBook from the Book model to the file’s bytes (storage reads and HTTP are not in it).',
      'The EPUB stores the pictures as they are; the PDF turns each PNG into a JPEG with sharp before pdfkit embeds it ' +
        '(pdfkit reads a PNG byte by byte in JavaScript, about 0.3 s for one of these pictures).',
    ],
  };

  console.log(
    `\n${textTable(
      ['format', 'p50 ms', 'p90 ms', 'max ms', 'size MiB', `target p50 < ${TARGET_P50_MS} ms`],
      FORMATS.map((format) => [
        label[format],
        fmt.ms(stats[format].p50),
        fmt.ms(stats[format].p90),
        fmt.ms(stats[format].max),
        result.config[`${format}MiB`],
        stats[format].p50 < TARGET_P50_MS ? 'PASS' : 'FAIL',
      ]),
    )}`,
  );
  console.log(`\nWrote ${await writeResult('storybook-export', result)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
