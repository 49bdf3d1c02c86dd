// Daily chapter releases at scale: 100,000 premium storybooks in a database of their own, of which 1,000
// are due at each measured moment. A release sweep runs the built service's own code (releaseDueBatch
// from services/storybook/dist: the release statement through the partial index on next_release_at, then
// the chapters the releases let be written) in transactions of STORYBOOK_RELEASE_BATCH until a batch
// releases nothing, as the service's sweep does. The baseline, in the same run and on the same due
// stories, is the same release by a full scan: every storybook read, "due" computed on read (rolled back).
// Rows touched are PostgreSQL's own counters for the storybooks table (pg_stat_xact_user_tables: tuples
// read by sequential and index scans, tuples updated), as differences within each transaction (nothing
// is flushed while a transaction is open).
//
// Timing on a shared machine is noisy, so the seed holds ROUNDS disjoint cohorts of due stories, each
// due at its own moment (2 h apart); each round runs the baseline and then the sweep at its moment, and
// times are medians over the rounds. Rows are the same every round.
//
// Run after building the service, from the repo root:
//   npx tsc -p services/storybook/tsconfig.build.json && node bench/storybook/release.bench.mjs
// BENCH_SCALE=0.1 for a quick run (10,000 storybooks, 100 due); BENCH_DATABASE_URL to point elsewhere.
// Writes bench/results/storybook.json and prints a table; the database is dropped at the end, also on
// failure or Ctrl-C. Timing never fails the run; wrong results (a story not released, or twice) do.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { benchScale, fmt, machineInfo, scaled, textTable, writeResult } from '../lib/harness.mjs';
import { percentile, sortedSamples } from '../lib/stats.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = path.join(ROOT, 'services/storybook/dist');
const SCALE = benchScale();
const STORYBOOKS = scaled(100_000, SCALE, 1_000);
const DUE = scaled(1_000, SCALE, 10);
const ROUNDS = 5;
// The service's default STORYBOOK_RELEASE_BATCH.
const BATCH = Number(process.env.STORYBOOK_RELEASE_BATCH ?? 500);
const TARGET_ROWS_PER_DUE = 1.1;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SUFFIX = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const DATABASE_NAME = `starborn_bench_storybook_${SUFFIX}`;
const START = new Date('2026-06-01T12:00:00.000Z');
/** Round k looks at the clock START + 2k hours; its cohort became due within the hour before. */
const momentOf = (round) => new Date(START.getTime() + round * 2 * HOUR_MS);

const log = (line) => process.stderr.write(`${line}\n`);
const round3 = (value, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;
const median = (values) => percentile(sortedSamples(values), 50);
/** One figure of the result; without a target, pass is null. */
const figure = (name, value, unit, { target = null, pass = null, ratios = null } = {}) => ({
  figure: name,
  value: round3(value),
  unit,
  target,
  pass,
  ratios,
});

function databaseUrl(name) {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function loadService() {
  const migration = path.join(DIST, 'migrations/1765000000000-create-storybooks.js');
  const queries = path.join(DIST, 'releases/release.queries.js');
  if (!existsSync(migration) || !existsSync(queries)) {
    throw new Error('Build the storybook service first: npx tsc -p services/storybook/tsconfig.build.json');
  }
  const { CreateStorybooks1765000000000 } = await import(pathToFileURL(migration).href);
  const { releaseDueBatch, RELEASE_DUE_SQL } = await import(pathToFileURL(queries).href);
  return { Migration: CreateStorybooks1765000000000, releaseDueBatch, RELEASE_DUE_SQL };
}

async function tableCounters(client) {
  const { rows } = await client.query(
    `SELECT coalesce(seq_tup_read, 0)::bigint AS seq_read, coalesce(idx_tup_fetch, 0)::bigint AS idx_fetch,
            n_tup_upd::bigint AS updated
     FROM pg_stat_xact_user_tables WHERE schemaname = 'storybook' AND relname = 'storybooks'`,
  );
  const row = rows[0] ?? { seq_read: 0, idx_fetch: 0, updated: 0 };
  return { read: Number(row.seq_read) + Number(row.idx_fetch), updated: Number(row.updated) };
}

const delta = (before, after) => ({
  read: after.read - before.read,
  updated: after.updated - before.updated,
});

async function seed(client, service) {
  await client.query('CREATE SCHEMA IF NOT EXISTS storybook');
  await new service.Migration().up({ query: (text, params) => client.query(text, params) });
  const step = Math.floor(STORYBOOKS / DUE);
  const started = performance.now();
  // Premium stories, 4–9 chapters unlocked, chapter 1 written so that next_release_at (initial + unlocked
  // days) falls within the hour before round k's moment for the stories with i % step = k (k < ROUNDS),
  // and 1–21 h after the last round's moment for all others. A released story's next release is a day
  // later, after every round, so each round finds exactly its own cohort due.
  await client.query(
    `INSERT INTO storybook.storybooks
       (hero_id, user_id, hero_name, started_at, is_premium, premium_payment_intent_id, chapters_total_count,
        chapters_unlocked_count, initial_chapter_generated_at, created_at, updated_at)
     SELECT md5('bench-hero-' || i), gen_random_uuid(), 'Hero ' || i, initial, true, 'pi_bench_' || i, 10,
            unlocked, initial, initial, initial
     FROM (
       SELECT i, 4 + i % 6 AS unlocked,
              CASE WHEN i % $3 < $4
                THEN $1::timestamptz + (i % $3) * interval '2 hours' - (1 + i % 3500) * interval '1 second'
                ELSE $1::timestamptz + ($4 - 1) * interval '2 hours' + (3600 + i % 72000) * interval '1 second'
              END - (4 + i % 6) * interval '24 hours' AS initial
       FROM generate_series(1, $2) AS i
     ) AS seed`,
    [START, STORYBOOKS, step, ROUNDS],
  );
  // Every story's chapters written ahead: 1 … min(10, unlocked + 3), as the service keeps them.
  await client.query(
    `INSERT INTO storybook.chapters
       (storybook_id, chapter_number, status, attempt, title, content, summary, provider, requested_at, generated_at)
     SELECT s.id, n, 'ready', 1, 'Chapter ' || n, '# Chapter ' || n || E'\\n\\nBench text.', 'Summary ' || n,
            'bench', s.created_at, s.created_at
     FROM storybook.storybooks s, generate_series(1, LEAST(10, s.chapters_unlocked_count + 3)) AS n`,
  );
  await client.query('VACUUM ANALYZE storybook.storybooks');
  await client.query('VACUUM ANALYZE storybook.chapters');
  const chapters = Number((await client.query('SELECT count(*) FROM storybook.chapters')).rows[0].count);
  return { seedMs: performance.now() - started, chapters };
}

const dueCount = async (client, at) =>
  Number(
    (await client.query('SELECT count(*) FROM storybook.storybooks WHERE next_release_at <= $1', [at]))
      .rows[0].count,
  );

/**
 * The baseline: the same release without the column's index — every storybook read, "due" computed on
 * read with the release rule written inline (as fast as that gets), the due ones updated the same way.
 * Rolled back, so the sweep then finds the same due stories; VACUUM removes its dead rows, and a read
 * of the table sets the hint bits the rollback left to set, so the sweep pays for neither.
 */
async function fullScanRelease(client, at) {
  await client.query('BEGIN');
  const before = await tableCounters(client);
  const started = performance.now();
  const { rowCount } = await client.query(
    `UPDATE storybook.storybooks
        SET chapters_unlocked_count = chapters_unlocked_count + 1, updated_at = $1
      WHERE is_premium AND chapters_unlocked_count > 0 AND chapters_unlocked_count < chapters_total_count
        AND initial_chapter_generated_at + chapters_unlocked_count * $2::interval <= $1
      RETURNING id`,
    [at, `${DAY_MS} milliseconds`],
  );
  const ms = performance.now() - started;
  const counters = delta(before, await tableCounters(client));
  await client.query('ROLLBACK');
  await client.query('VACUUM storybook.storybooks');
  await client.query('SELECT count(*) FROM storybook.storybooks');
  return { ms, found: rowCount, ...counters };
}

/**
 * One sweep as the service runs it: batches in transactions until a batch releases nothing. The Sql it
 * is given times and counts the release statement on its own as it passes (the counters' reads touch no
 * storybook row and are left out of the times).
 */
async function sweep(client, service, at) {
  const totals = { ms: 0, released: 0, chaptersAsked: 0, read: 0, updated: 0, batches: 0 };
  const statement = { ms: 0, read: 0, updated: 0 };
  let countingMs = 0;
  const counters = async () => {
    const started = performance.now();
    const value = await tableCounters(client);
    countingMs += performance.now() - started;
    return value;
  };
  const sql = async (text, params) => {
    if (text !== service.RELEASE_DUE_SQL) return (await client.query(text, params)).rows;
    const before = await counters();
    const started = performance.now();
    const { rows } = await client.query(text, params);
    statement.ms += performance.now() - started;
    const changed = delta(before, await counters());
    statement.read += changed.read;
    statement.updated += changed.updated;
    return rows;
  };
  for (;;) {
    await client.query('BEGIN');
    const before = await counters();
    countingMs = 0;
    const started = performance.now();
    const { released, chapterJobs } = await service.releaseDueBatch(sql, at, BATCH);
    // Read before COMMIT: nothing is flushed inside a transaction, so the difference is this batch's.
    const changed = delta(before, await counters());
    await client.query('COMMIT');
    totals.ms += performance.now() - started - countingMs;
    totals.batches += 1;
    totals.released += released.length;
    totals.chaptersAsked += chapterJobs.length;
    totals.read += changed.read;
    totals.updated += changed.updated;
    if (released.length === 0) break;
  }
  return { ...totals, statement };
}

async function planOf(client, service, at) {
  const { rows } = await client.query(`EXPLAIN (COSTS OFF) ${service.RELEASE_DUE_SQL}`, [at, BATCH]);
  return rows.map((row) => row['QUERY PLAN']);
}

/** Every due story released once at this moment: none left due, exactly DUE changed now, none twice. */
async function checkRound(client, at, baseline, measured) {
  const { rows } = await client.query(
    `SELECT count(*) FILTER (WHERE next_release_at <= $1) AS still_due,
            count(*) FILTER (WHERE updated_at = $1) AS released
     FROM storybook.storybooks`,
    [at],
  );
  const problems = [];
  if (baseline.found !== DUE) problems.push(`the full scan found ${baseline.found} due`);
  if (measured.released !== DUE) problems.push(`the sweep released ${measured.released}`);
  if (measured.statement.updated !== DUE)
    problems.push(`the release updated ${measured.statement.updated} rows`);
  if (Number(rows[0].still_due) !== 0) problems.push(`${rows[0].still_due} storybooks still due`);
  if (Number(rows[0].released) !== DUE) problems.push(`${rows[0].released} storybooks changed`);
  if (problems.length > 0)
    throw new Error(`Wrong results at ${at.toISOString()} (expected ${DUE}): ${problems.join('; ')}`);
}

async function main() {
  const service = await loadService();
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  let client;
  const dropDatabase = async () => {
    await client?.end().catch(() => undefined);
    client = undefined;
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(DATABASE_NAME)} WITH (FORCE)`);
    log(`Dropped database ${DATABASE_NAME}`);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      log(`\n${signal}: dropping the bench database…`);
      dropDatabase().finally(() => process.exit(130));
    });
  }
  try {
    const pgVersion = (await admin.query('SHOW server_version')).rows[0].server_version;
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(DATABASE_NAME)}`);
    client = new pg.Client({ connectionString: databaseUrl(DATABASE_NAME) });
    await client.connect();
    // One process scans, as one service instance would; parallel workers would also keep their own counters.
    await client.query('SET max_parallel_workers_per_gather = 0');
    const loadBefore = os.loadavg();

    log(
      `storybook release bench: ${STORYBOOKS} premium storybooks, ${DUE} due per round, ${ROUNDS} rounds, batch ${BATCH}, scale ${SCALE}`,
    );
    const seeded = await seed(client, service);
    log(`Seeded ${STORYBOOKS} storybooks and ${seeded.chapters} chapters in ${fmt.ms(seeded.seedMs)} ms`);
    const plan = await planOf(client, service, momentOf(0));
    // Warm the cache: one untimed read of the whole table.
    await client.query('SELECT count(*) FROM storybook.storybooks');

    const rounds = [];
    for (let k = 0; k < ROUNDS; k++) {
      const at = momentOf(k);
      const due = await dueCount(client, at);
      if (due !== DUE) throw new Error(`round ${k}: ${due} storybooks due, expected ${DUE}`);
      const baseline = await fullScanRelease(client, at);
      const measured = await sweep(client, service, at);
      await checkRound(client, at, baseline, measured);
      rounds.push({ at: at.toISOString(), baseline, sweep: measured });
      log(
        `round ${k + 1}: full scan ${fmt.ms(baseline.ms)} ms, release statement ${fmt.ms(measured.statement.ms)} ms, ` +
          `sweep ${fmt.ms(measured.ms)} ms`,
      );
    }
    const idle = await sweep(client, service, momentOf(ROUNDS - 1));
    if (idle.released !== 0) throw new Error(`a sweep with nothing due released ${idle.released}`);
    const loadAfter = os.loadavg();

    // Rows are the same every round; the worst round is reported.
    const worst = (pick) => Math.max(...rounds.map(pick));
    const rows = {
      baseline: worst((r) => r.baseline.read),
      statement: worst((r) => r.sweep.statement.read),
      sweep: worst((r) => r.sweep.read),
      chaptersAsked: worst((r) => r.sweep.chaptersAsked),
    };
    const ms = {
      baseline: median(rounds.map((r) => r.baseline.ms)),
      statement: median(rounds.map((r) => r.sweep.statement.ms)),
      sweep: median(rounds.map((r) => r.sweep.ms)),
      idle: idle.ms,
    };
    const perDue = (count) => count / DUE;
    const statementPerDue = perDue(rows.statement);
    const pass = statementPerDue <= TARGET_ROWS_PER_DUE;
    const fkReads = rows.sweep - rows.statement;

    console.log(
      `\n${textTable(
        ['run', 'median ms', 'storybooks read', 'read / due'],
        [
          [
            'release by full scan (baseline)',
            fmt.ms(ms.baseline),
            rows.baseline,
            fmt.ratio(perDue(rows.baseline)),
          ],
          ['release statement', fmt.ms(ms.statement), rows.statement, fmt.ratio(statementPerDue)],
          ['whole sweep (+ chapters asked)', fmt.ms(ms.sweep), rows.sweep, fmt.ratio(perDue(rows.sweep))],
          ['sweep, nothing due', fmt.ms(ms.idle), idle.read, '—'],
        ],
      )}`,
    );
    console.log(
      `\nRelease statement: ${fmt.ratio(statementPerDue)} storybook rows per due storybook ` +
        `(target ≤ ×${TARGET_ROWS_PER_DUE}: ${pass ? 'pass' : 'FAIL'}), time ${fmt.ratio(ms.statement / ms.baseline)} ` +
        `the full scan's. Whole sweep: ${rows.chaptersAsked} chapters asked; ${fkReads} storybook reads are ` +
        `their foreign-key checks.`,
    );
    console.log(`Plan of the release statement:\n  ${plan.join('\n  ')}`);

    const dueOf = `${DUE.toLocaleString('en-US')} due of ${STORYBOOKS.toLocaleString('en-US')}`;
    const result = {
      bench: 'storybook',
      title: `Daily chapter releases: a sweep over ${STORYBOOKS.toLocaleString('en-US')} premium storybooks`,
      date: new Date().toISOString(),
      machine: machineInfo({
        postgres: pgVersion,
        loadAverage1mBefore: round3(loadBefore[0], 2),
        loadAverage1mAfter: round3(loadAfter[0], 2),
      }),
      config: {
        scale: SCALE,
        storybooks: STORYBOOKS,
        duePerRound: DUE,
        rounds: ROUNDS,
        batch: BATCH,
        chaptersSeeded: seeded.chapters,
        seedMs: round3(seeded.seedMs, 1),
        notes:
          'The sweep runs releaseDueBatch from the built service (the release statement, then the chapters the ' +
          'releases let be written) in one transaction per batch until a batch releases nothing; the Redis side ' +
          '(delayed jobs, chapter jobs) is not part of this bench. The baseline updates the same due stories by ' +
          'a full scan and is rolled back. Rows = pg_stat_xact_user_tables of storybook.storybooks ' +
          '(seq_tup_read + idx_tup_fetch; n_tup_upd), differences within each transaction, one backend, no ' +
          'parallel workers, cache warm. Times are medians over the rounds, each on its own cohort of due stories.',
      },
      rounds,
      idleSweep: idle,
      plan,
      figures: [
        figure(
          `release statement, ${dueOf}: storybook rows touched per due storybook`,
          statementPerDue,
          '×',
          {
            target: { max: TARGET_ROWS_PER_DUE, unit: '×' },
            pass,
            ratios: { 'full scan': round3(rows.statement / rows.baseline, 4) },
          },
        ),
        figure(`release statement, ${dueOf}: wall time (median of ${ROUNDS})`, ms.statement, 'ms', {
          ratios: { 'full scan': round3(ms.statement / ms.baseline) },
        }),
        figure(
          `whole sweep (releases + chapters asked, committed), ${dueOf}: storybook rows touched per due storybook`,
          perDue(rows.sweep),
          '×',
          { ratios: { 'full scan': round3(rows.sweep / rows.baseline, 4) } },
        ),
        // No ratio: the baseline asks for no chapters, so the times do not compare.
        figure(`whole sweep, ${dueOf}: wall time (median of ${ROUNDS})`, ms.sweep, 'ms'),
        figure(
          `release by full scan of ${STORYBOOKS.toLocaleString('en-US')} storybooks, due computed on read (baseline): wall time (median of ${ROUNDS})`,
          ms.baseline,
          'ms',
        ),
        figure('sweep with nothing due: wall time', ms.idle, 'ms'),
      ],
      notes: [
        `Per round the release statement read ${rows.statement} storybook rows for ${DUE} due ` +
          `(${fmt.ratio(statementPerDue)}); the release by full scan read ${rows.baseline}. The whole sweep read ` +
          `${fkReads} more: the foreign-key checks of the ${rows.chaptersAsked} chapters it asked to be written ` +
          `(one primary-key lookup each), also in proportion to the due stories; its time includes inserting those ` +
          `chapter rows (a 900,000-row table at full scale), which the baseline does not do. Each released row is reached a ` +
          `second time by ctid to be updated (a TID scan of the rows just locked, not counted by PostgreSQL). ` +
          `Plan: ${plan.map((line) => line.trim()).join(' / ')}.`,
      ],
    };
    console.log(`\nWrote ${await writeResult('storybook', result)}`);
  } finally {
    await dropDatabase().catch((error) => log(`Could not drop ${DATABASE_NAME}: ${error.message}`));
    await admin.end().catch(() => undefined);
  }
}

main().catch((error) => {
  log(`storybook release bench failed: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});
