// Book exports off the public edge: how the gateway answers while books are being rendered, and how fast
// it hands out a book that was rendered before. The built gateway, auth, heroes, storybook and generation
// (its book worker renders; local AI provider) run as child processes on a database, Redis prefix and
// media folder of their own.
//
// HEROES paid heroes, each with a premium storybook of CHAPTERS written chapters, each chapter with a
// 1200×800 busy PNG as its illustration (about 3 MB, as the image providers store them; the same book as
// bench/storybook-export), so each book is a different version and the worker renders every one.
//   at rest   GET /api/health/live, one request after the other, for REST_S seconds: the baseline,
//             measured in the same run on the same gateway.
//   loaded    HEROES clients each export their hero's PDF at once (GET …/storybook/export?format=pdf),
//             asking again after retryAfterMs while the answer is 202, until they have the file; health
//             is asked one request after the other the whole time. Figure: its p99, and its ratio to the
//             baseline's. Target ≤ 50 ms.
//   again     each hero's unchanged PDF asked AGAIN times more, one request after the other: the stored
//             file streamed. Figure: p50 of these. Target ≤ 100 ms. The assets zip of the first hero, asked
//             the same way, is shown beside it (no target).
// A wrong answer (not a PDF, a 5xx, an export that never ends) fails the run; timing never does.
//
// Run after building, from the repo root:
//   npx nx run-many -t build --exclude=web && node bench/book-export/book-export.bench.mjs
// BENCH_SCALE=0.3 for a quick run (fewer chapters and repeats). Writes bench/results/book-export.json and
// prints a table. Everything it creates is removed at the end, also on failure or Ctrl-C.
import { randomBytes } from 'node:crypto';
import { FsStorage } from '@starborn/storage';
import { freePort } from '../../scripts/lib/stack.mjs';
import { benchScale, fmt, scaled, textTable, writeResult } from '../lib/harness.mjs';
import { BenchStack, api, apiCall } from '../lib/stack.mjs';
import { picture } from '../lib/picture.mjs';
import { percentile, sortedSamples } from '../lib/stats.mjs';

const SCALE = benchScale();
const HEROES = 5;
const CHAPTERS = scaled(10, SCALE, 3);
const AGAIN = scaled(20, SCALE, 5);
const REST_S = 3;
const TARGET_HEALTH_P99_MS = 50;
const TARGET_AGAIN_P50_MS = 100;
const EXPORT_GIVE_UP_MS = 300_000;
const PASSWORD = 'bench correct horse battery';
const BACKEND = ['auth', 'heroes', 'storybook', 'generation'];

const stack = new BenchStack('bookexport');
const log = (line) => process.stderr.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

const SENTENCES = [
  'The wind carried the smell of rain across the silver hills.',
  'Lyra tightened the strap of her satchel and looked back only once.',
  'Somewhere below, the river sang a song older than the kingdom.',
  'Her fox padded ahead, ears turning at every whisper of the grass.',
  'Stars came out one by one, as if someone were lighting lanterns for her.',
];

function chapterText(number) {
  const paragraph = (k) =>
    Array.from({ length: 8 }, (_, i) => SENTENCES[(number + k + i) % SENTENCES.length]).join(' ');
  return [
    `# The Road, Part ${number}`,
    ...Array.from({ length: 6 }, (_, k) => paragraph(k)),
    `> *Go on*, it said, *the dawn is closer than it looks.*`,
    ...Array.from({ length: 6 }, (_, k) => paragraph(k + 6)),
  ].join('\n\n');
}

/** GET with the token: status, time, body bytes. */
async function timedGet(base, route, token) {
  const started = performance.now();
  const response = await fetch(`${base}${route}`, { headers: { authorization: `Bearer ${token}` } });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, ms: performance.now() - started, body, headers: response.headers };
}

/** A paid hero whose premium storybook has CHAPTERS written, illustrated chapters. */
async function bookHero(base, db, storage, token, index, pictures) {
  const heroId = randomBytes(16).toString('hex');
  await api(base, 'POST', '/api/heroes', {
    token,
    body: { heroName: `Bench Reader ${index + 1}`, birthdate: '1990-07-25', heroId },
    expect: [201],
  });
  await api(base, 'POST', `/api/heroes/generate/${heroId}`, { token, expect: [200, 201, 202] });
  await db.query(`UPDATE heroes.heroes SET payment_status = 'paid' WHERE id = $1`, [heroId]);
  // The storybook starts with chapter 1 written and illustrated by the workers: wait for it, so no
  // result of theirs changes the book while it is measured.
  let storyBookId;
  const deadline = Date.now() + 120_000;
  while (!storyBookId) {
    if (Date.now() > deadline) throw new Error(`the storybook of hero ${heroId} never got its first chapter`);
    const { status, body } = await apiCall(base, 'GET', `/api/heroes/${heroId}/storybook`, {
      token,
      expect: [200, 202],
    });
    if (status === 200 && body.chapters?.[0]?.status === 'ready' && body.chapters[0].illustration)
      storyBookId = body.storyBook.id;
    else await sleep(500);
  }
  for (let n = 1; n <= CHAPTERS; n++) {
    const key = `storybooks/${storyBookId}/chapters/${n}/bench`;
    await storage.put(`${key}.png`, pictures[(index + n) % pictures.length], 'image/png');
    await db.query(
      `INSERT INTO storybook.chapters (storybook_id, chapter_number, status, attempt, title, content, summary,
         provider, requested_at, generated_at, illustration_attempt, illustration_requested_at,
         illustration_full_key, illustration_preview_key, illustration_width, illustration_height,
         illustration_alt, illustration_provider, illustrated_at)
       VALUES ($1, $2, 'ready', 1, $3, $4, 'A part of the road.', 'bench', now(), now(), 1, now(), $5, $5,
         1200, 800, 'The road at dusk', 'bench', now())
       ON CONFLICT (storybook_id, chapter_number) DO UPDATE SET status = 'ready', title = EXCLUDED.title,
         content = EXCLUDED.content, illustration_attempt = 1, illustration_full_key = EXCLUDED.illustration_full_key,
         illustration_preview_key = EXCLUDED.illustration_preview_key, illustration_width = 1200,
         illustration_height = 800, illustration_alt = EXCLUDED.illustration_alt, illustration_provider = 'bench',
         illustrated_at = now()`,
      [storyBookId, n, `The Road, Part ${n}`, chapterText(n), key],
    );
  }
  await db.query(
    `UPDATE storybook.storybooks SET is_premium = true, premium_payment_intent_id = 'pi_bench_book',
       chapters_total_count = GREATEST(chapters_total_count, $2), chapters_unlocked_count = $2 WHERE id = $1`,
    [storyBookId, CHAPTERS],
  );
  return heroId;
}

/** Exports the PDF as the web app does: asks again after retryAfterMs while the answer is 202. */
async function exportPdf(base, token, heroId) {
  const started = performance.now();
  let preparing = 0;
  for (;;) {
    const answer = await timedGet(base, `/api/heroes/${heroId}/storybook/export?format=pdf`, token);
    if (answer.status === 200) {
      if (answer.body.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new Error('the export is not a PDF');
      return { ms: performance.now() - started, preparing, bytes: answer.body.length };
    }
    if (answer.status !== 202) throw new Error(`export of ${heroId}: HTTP ${answer.status} ${answer.body}`);
    if (performance.now() - started > EXPORT_GIVE_UP_MS) throw new Error(`export of ${heroId} never ended`);
    preparing += 1;
    await sleep(JSON.parse(answer.body.toString('utf8')).retryAfterMs);
  }
}

/** GET /api/health/live one request after the other until `until()`; the latencies. */
async function probeHealth(base, until) {
  const latencies = [];
  while (!until()) {
    const started = performance.now();
    const response = await fetch(`${base}/api/health/live`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`health: HTTP ${response.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

const stats = (samples) => {
  const sorted = sortedSamples(samples);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) };
};

async function main() {
  let db;
  await stack.open(['auth', 'heroes', 'storybook', 'generation', 'gateway'], () =>
    db?.end().catch(() => undefined),
  );
  const env = stack.env({
    MEDIA_URL_SECRET: randomBytes(32).toString('base64url'),
    // The bench asks for many exports from one user: the per-user limit is not what is measured.
    RATE_LIMIT_BOOK_EXPORTS: '100000',
  });
  log(
    `book-export bench: ${HEROES} heroes, ${CHAPTERS} illustrated chapters each, ${AGAIN} repeat downloads, scale ${SCALE}`,
  );
  stack.startService('auth', env);
  await sleep(1_500);
  for (const service of ['heroes', 'storybook', 'generation']) stack.startService(service, env);
  const gatewayPort = await freePort();
  stack.startService('gateway', { ...env, PORT: String(gatewayPort) });
  const base = `http://127.0.0.1:${gatewayPort}`;
  await stack.waitForGateway(base, BACKEND);

  const pgModule = await import('pg');
  db = new pgModule.default.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const storage = new FsStorage(env.MEDIA_DIR);

  // ---- the books (not timed) ----
  const session = await api(base, 'POST', '/api/auth/register', {
    body: { name: 'Bench Books', email: `bench-books-${stack.suffix}@example.com`, password: PASSWORD },
    expect: [200, 201],
  });
  const pictures = await Promise.all(Array.from({ length: 4 }, (_, i) => picture(1200, 800, i + 2)));
  const heroIds = [];
  for (let i = 0; i < HEROES; i++) {
    heroIds.push(await bookHero(base, db, storage, session.token, i, pictures));
    log(`hero ${i + 1}/${HEROES} ready`);
  }

  // ---- at rest: the baseline ----
  const restEnds = performance.now() + REST_S * 1000;
  const rest = stats(await probeHealth(base, () => performance.now() > restEnds));

  // ---- loaded: HEROES PDF exports at once ----
  let exportsLeft = HEROES;
  const exportsRun = Promise.all(
    heroIds.map((heroId) =>
      exportPdf(base, session.token, heroId).finally(() => {
        exportsLeft -= 1;
      }),
    ),
  );
  const loadedProbe = probeHealth(base, () => exportsLeft === 0);
  const exports = await exportsRun;
  const loaded = stats(await loadedProbe);

  // ---- again: the unchanged books ----
  const again = [];
  for (let i = 0; i < AGAIN; i++) {
    for (const heroId of heroIds) {
      const answer = await timedGet(base, `/api/heroes/${heroId}/storybook/export?format=pdf`, session.token);
      if (answer.status !== 200) throw new Error(`repeat export: HTTP ${answer.status}`);
      again.push(answer.ms);
    }
  }
  const bundle = [];
  for (let i = 0; i < AGAIN + 1; i++) {
    const answer = await timedGet(base, `/api/heroes/${heroIds[0]}/download`, session.token);
    if (answer.status !== 200) throw new Error(`bundle: HTTP ${answer.status}`);
    if (i > 0) bundle.push(answer.ms);
  }
  const againStats = stats(again);
  const bundleStats = stats(bundle);
  stack.throwIfFailed();

  const ratio = round(loaded.p99 / rest.p99, 2);
  const figures = [
    {
      figure: `GET /api/health/live at rest: p99 (baseline, same run)`,
      value: round(rest.p99),
      unit: 'ms',
      target: null,
      pass: null,
      ratios: null,
    },
    {
      figure: `GET /api/health/live during ${HEROES} concurrent PDF exports: p99`,
      value: round(loaded.p99),
      unit: 'ms',
      target: { max: TARGET_HEALTH_P99_MS, unit: 'ms' },
      pass: loaded.p99 <= TARGET_HEALTH_P99_MS,
      ratios: { 'at rest': ratio },
    },
    {
      figure: 'Second download of an unchanged PDF (stored file streamed): p50',
      value: round(againStats.p50),
      unit: 'ms',
      target: { max: TARGET_AGAIN_P50_MS, unit: 'ms' },
      pass: againStats.p50 <= TARGET_AGAIN_P50_MS,
      ratios: null,
    },
    {
      figure: 'Second download of the assets zip (stored books and images streamed): p50',
      value: round(bundleStats.p50),
      unit: 'ms',
      target: null,
      pass: null,
      ratios: null,
    },
    {
      figure: `First PDF export of a new book, ${HEROES} at once, until the file (202s retried): slowest`,
      value: round(Math.max(...exports.map((e) => e.ms))),
      unit: 'ms',
      target: null,
      pass: null,
      ratios: null,
    },
  ];
  const result = {
    bench: 'book-export',
    title: `Book exports off the gateway: health while ${HEROES} PDFs render, and the second download`,
    date: new Date().toISOString(),
    machine: await stack.machineInfo(),
    config: { scale: SCALE, heroes: HEROES, chapters: CHAPTERS, again: AGAIN, restSeconds: REST_S },
    samples: {
      healthAtRest: rest,
      healthLoaded: loaded,
      exports: exports.map((e) => ({
        ms: round(e.ms),
        preparing: e.preparing,
        pdfKiB: round(e.bytes / 1024),
      })),
      again: againStats,
      bundle: bundleStats,
    },
    figures,
    notes: [
      'The book worker (generation service) renders each book version once and stores it under heroes/<id>/books/; ' +
        'the gateway only streams stored files, waits up to BOOK_WAIT_MS (10 s) for a render, then answers 202.',
      'Health is asked one request after the other on one connection, from the bench process, the whole time the ' +
        'exports run; the baseline is the same probe on the same gateway before any export.',
    ],
  };
  await writeResult('book-export', result);
  console.log(
    `\n${textTable(
      ['figure', 'value', 'target'],
      figures.map((f) => [
        f.figure,
        `${fmt.ms(f.value)} ms`,
        f.target ? `≤ ${f.target.max} ms: ${f.pass ? 'PASS' : 'FAIL'}` : f.ratios ? '' : '',
      ]),
    )}\nhealth p99 loaded / at rest ×${ratio}; exports: ${JSON.stringify(result.samples.exports)}`,
  );
}

stack.run(main);
