// What the local provider makes, measured for variety against the library as it was before each hero
// got a story of its own (BASELINE_COMMIT, built beside the current one by bench/lib/baseline-ai.mjs and
// run in the same process):
//   text      over HEROES heroes: distinct chapter-1 titles, opening sentences shared by two books, the
//             mean pairwise Jaccard similarity on word 5-grams between two heroes' chapter 1 and between
//             two chapters of one book;
//   pictures  the mean pairwise 64-bit dHash distance between two heroes' front images and between the
//             chapter illustrations of one book;
//   narrator  a scripted 30-message room (room-script.mjs): narrator sentences repeated, and the share of
//             replies that name something the last messages introduced;
//   speed     one hero's pictures and backstory, one chapter and its illustration (p50), and the
//             process's peak memory while painting.
// Run after a build, from the repo root:  node bench/variety/variety.bench.mjs  (BENCH_SCALE=0.2 quick)
// Writes bench/results/variety.json. The figures never fail the run.
import * as current from '@starborn/ai';
import { performance } from 'node:perf_hooks';
import { importBaselineAi } from '../lib/baseline-ai.mjs';
import { benchScale, machineInfo, scaled, textTable, writeResult } from '../lib/harness.mjs';
import { heroProfile } from '../lib/hero-profile.mjs';
import { median } from '../lib/stats.mjs';
import { ROOM_HEROES, ROOM_SCRIPT } from './room-script.mjs';

/** main before the story plan, the new art and the listening narrator. */
const BASELINE_COMMIT = '9a10b41';
const SCALE = benchScale();
const HEROES = scaled(50, SCALE, 10);
const BOOK_CHAPTERS = 10;
const BOOKS = scaled(5, SCALE, 2);
const ILLUSTRATED_CHAPTERS = 8;
/** The art is the same composition at any size; the dHash reads a 9×8 reduction of it. */
const HASH_IMAGE_SIZE = 256;
const TIMED = scaled(20, SCALE, 5);

const NAMES = ['Aria', 'Bram', 'Cass', 'Dorian', 'Elin', 'Fenn', 'Galen', 'Hale', 'Isolde', 'Jory'];
const SURNAMES = ['Ashdown', 'Brightwater', 'Cinderfell', 'Duskmere', 'Emberly'];

/** HEROES heroes with deterministic ids, names and birth dates spread over the signs and years. */
function benchHeroes() {
  return Array.from({ length: HEROES }, (_, i) => {
    const year = 1960 + ((i * 7) % 50);
    const month = 1 + ((i * 5) % 12);
    const day = 1 + ((i * 11) % 28);
    const birthdate = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const heroId = (i + 1).toString(16).padStart(8, '0').repeat(4);
    const name = `${NAMES[i % NAMES.length]} ${SURNAMES[Math.floor(i / NAMES.length) % SURNAMES.length]}`;
    return heroProfile({ heroId, name, birthdate });
  });
}

/** Writes a book's chapters in order as the worker does (with the plan where the library makes one). */
async function writeBook(ai, hero, chapters) {
  const written = [];
  let plan;
  for (let chapterNumber = 1; chapterNumber <= chapters; chapterNumber++) {
    const previousChapters = written.map(({ chapterNumber: n, title, summary }) => ({
      chapterNumber: n,
      title,
      summary,
    }));
    const request = {
      hero,
      chapterNumber,
      chaptersTotalCount: chapters,
      previousChapter: previousChapters.at(-1) ?? null,
    };
    if (ai.planStory) {
      plan = ai.revisePlan(plan ?? ai.planStory(hero, { chaptersTotalCount: chapters }), {
        chapterNumber,
        chaptersTotalCount: chapters,
        previousChapters,
      });
      Object.assign(request, { plan, previousChapters });
    }
    const chapter = await ai.writeLocalChapter(request);
    written.push({
      chapterNumber,
      ...chapter,
      scene: plan ? ai.sceneOfChapter(plan, chapterNumber) : undefined,
      plan,
    });
  }
  return written;
}

const openingOf = (markdown) => current.openingSentence(markdown);

async function textFigures(ai, heroes) {
  const firstChapters = [];
  for (const hero of heroes) firstChapters.push((await writeBook(ai, hero, 1))[0]);
  const titles = new Set(firstChapters.map((chapter) => chapter.title));
  const openings = firstChapters.map((chapter) => openingOf(chapter.markdown));
  const sharedOpenings = openings.filter((opening, i) =>
    openings.some((other, j) => j !== i && other === opening),
  ).length;
  const shingled = firstChapters.map((chapter) => current.shingles(chapter.markdown, 5));
  const acrossHeroes = current.meanPairwise(shingled, current.jaccard);
  const withinBooks = [];
  for (const hero of heroes.slice(0, BOOKS)) {
    const book = await writeBook(ai, hero, BOOK_CHAPTERS);
    withinBooks.push(
      current.meanPairwise(
        book.map((chapter) => current.shingles(chapter.markdown, 5)),
        current.jaccard,
      ),
    );
  }
  return {
    distinctTitles: titles.size,
    sharedOpenings,
    jaccardAcrossHeroes: acrossHeroes,
    jaccardWithinBook: withinBooks.reduce((sum, value) => sum + value, 0) / withinBooks.length,
  };
}

async function pictureFigures(ai, heroes) {
  const provider = new ai.LocalAiProvider({ imageSize: HASH_IMAGE_SIZE });
  const fronts = [];
  for (const hero of heroes) {
    const [front] = await provider.generateHeroImages(hero);
    fronts.push(await current.dHash(front.png));
  }
  const withinBooks = [];
  for (const hero of heroes.slice(0, BOOKS)) {
    const book = await writeBook(ai, hero, ILLUSTRATED_CHAPTERS);
    const hashes = [];
    for (const chapter of book) {
      const picture = await provider.illustrateChapter({
        hero,
        chapterNumber: chapter.chapterNumber,
        title: chapter.title,
        markdown: chapter.markdown,
        ...(chapter.scene ? { scene: chapter.scene, cast: chapter.plan.cast } : {}),
      });
      hashes.push(await current.dHash(picture.png));
    }
    withinBooks.push(current.meanPairwise(hashes, current.hamming));
  }
  return {
    dHashAcrossHeroes: current.meanPairwise(fronts, current.hamming),
    dHashWithinBook: withinBooks.reduce((sum, value) => sum + value, 0) / withinBooks.length,
  };
}

const STEM = (word) => word.toLowerCase().replace(/(es|s)$/, '');

/** The room as the rooms service runs it: the narrator answers each hero message, its lines fed back. */
async function narratorFigures(ai) {
  const roomId = '7d0c2f38-9f55-4a3c-a7f4-2f8a8b3c0e11';
  const lines = [];
  const said = new Map();
  let namedSomethingNew = 0;
  for (const [index, [senderName, content, introduced]] of ROOM_SCRIPT.entries()) {
    lines.push({ kind: 'hero', senderName, content });
    const reply = await ai.writeLocalNarration({
      roomId,
      triggerId: `message-${index}`,
      title: 'The Drowned Lighthouse',
      intro: false,
      heroes: ROOM_HEROES,
      recent: lines.slice(-20),
      earlierNarration: lines.filter((line) => line.kind === 'narrator').map((line) => line.content),
    });
    lines.push({ kind: 'narrator', senderName: 'Narrator', content: reply });
    for (const sentence of current.sentencesOf(reply)) said.set(sentence, (said.get(sentence) ?? 0) + 1);
    // "The last messages": this one and the one before it.
    const fresh = new Set([...introduced, ...(ROOM_SCRIPT[index - 1]?.[2] ?? [])].map(STEM));
    const words = reply.match(/[A-Za-z]+/g) ?? [];
    if (words.some((word) => fresh.has(STEM(word)))) namedSomethingNew++;
  }
  return {
    repeatedSentences: [...said.values()].reduce((sum, times) => sum + (times - 1), 0),
    repliesNamingSomethingNew: namedSomethingNew / ROOM_SCRIPT.length,
  };
}

async function p50(count, fn) {
  const samples = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  return median(samples);
}

async function speedFigures(heroes) {
  const provider = new current.LocalAiProvider();
  let peakRss = process.memoryUsage().rss;
  const sample = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));
  const heroMs = await p50(TIMED, async (i) => {
    const hero = heroes[i % heroes.length];
    await Promise.all([provider.generateHeroImages(hero), provider.generateBackstory(hero)]);
    sample();
  });
  const books = await Promise.all(heroes.slice(0, TIMED).map((hero) => writeBook(current, hero, 2)));
  const chapterMs = await p50(TIMED, async (i) => {
    const hero = heroes[i % heroes.length];
    const { plan, chapterNumber } = books[i][1];
    const chapter = await provider.writeChapter({
      hero,
      chapterNumber,
      chaptersTotalCount: 2,
      previousChapter: books[i][0],
      previousChapters: [books[i][0]],
      plan,
    });
    await provider.illustrateChapter({
      hero,
      chapterNumber,
      title: chapter.title,
      markdown: chapter.markdown,
      scene: current.sceneOfChapter(plan, chapterNumber),
      cast: plan.cast,
    });
    sample();
  });
  return { heroMs, chapterMs, peakRssMiB: peakRss / 2 ** 20 };
}

const round = (value, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

const heroes = benchHeroes();
const baselineAi = await importBaselineAi(BASELINE_COMMIT);
const [text, baseText] = [await textFigures(current, heroes), await textFigures(baselineAi, heroes)];
const [pictures, basePictures] = [
  await pictureFigures(current, heroes),
  await pictureFigures(baselineAi, heroes),
];
const [narrator, baseNarrator] = [await narratorFigures(current), await narratorFigures(baselineAi)];
const speed = await speedFigures(heroes);

const figure = (name, value, unit, baseline, target) => ({
  figure: name,
  value: round(value),
  unit,
  target: target ?? null,
  pass: target ? (target.max !== undefined ? value <= target.max : value >= target.min) : null,
  ratios:
    baseline === undefined
      ? null
      : { [`main ${BASELINE_COMMIT}: ${round(baseline)}`]: baseline ? round(value / baseline) : null },
});

const figures = [
  figure(`chapter-1 titles, distinct of ${HEROES}`, text.distinctTitles, 'titles', baseText.distinctTitles, {
    min: Math.ceil(HEROES * 0.9),
    unit: 'titles',
  }),
  figure(
    'books whose opening sentence another book shares',
    text.sharedOpenings,
    'books',
    baseText.sharedOpenings,
    { max: 0, unit: 'books' },
  ),
  figure(
    "two heroes' chapter 1, mean Jaccard on word 5-grams",
    text.jaccardAcrossHeroes,
    '',
    baseText.jaccardAcrossHeroes,
    { max: 0.05, unit: '' },
  ),
  figure(
    `two chapters of one ${BOOK_CHAPTERS}-chapter book, mean Jaccard on word 5-grams`,
    text.jaccardWithinBook,
    '',
    baseText.jaccardWithinBook,
    { max: 0.05, unit: '' },
  ),
  figure(
    "two heroes' front images, mean dHash distance",
    pictures.dHashAcrossHeroes,
    'bits',
    basePictures.dHashAcrossHeroes,
    { min: 28, unit: 'bits' },
  ),
  figure(
    `two of ${ILLUSTRATED_CHAPTERS} chapter illustrations of one book, mean dHash distance`,
    pictures.dHashWithinBook,
    'bits',
    basePictures.dHashWithinBook,
    { min: 24, unit: 'bits' },
  ),
  figure(
    'narrator sentences repeated in a 30-message room',
    narrator.repeatedSentences,
    'sentences',
    baseNarrator.repeatedSentences,
    { max: 0, unit: 'sentences' },
  ),
  figure(
    'narrator replies naming something the last messages introduced',
    narrator.repliesNamingSomethingNew * 100,
    '%',
    baseNarrator.repliesNamingSomethingNew * 100,
    { min: 100, unit: '%' },
  ),
  figure("a hero's three pictures (1024 px) and backstory, p50", speed.heroMs, 'ms', undefined, {
    max: 1000,
    unit: 'ms',
  }),
  figure('a chapter and its illustration, p50', speed.chapterMs, 'ms', undefined, { max: 1000, unit: 'ms' }),
  figure('peak memory of the process while painting', speed.peakRssMiB, 'MiB'),
];

await writeResult('variety', {
  bench: 'variety',
  title: 'What the local provider makes: variety of stories, pictures and narration',
  date: new Date().toISOString(),
  machine: machineInfo(),
  config: {
    scale: SCALE,
    heroes: HEROES,
    books: BOOKS,
    bookChapters: BOOK_CHAPTERS,
    baselineCommit: BASELINE_COMMIT,
  },
  notes: [
    `The baseline is libs/ai at ${BASELINE_COMMIT}, built beside the current one and run in the same process on the same heroes.`,
    `Pictures are hashed at ${HASH_IMAGE_SIZE} px (the same composition as the 1024 px product size); the speed figures paint at 1024 px.`,
  ],
  figures,
});
console.log(
  textTable(
    ['figure', 'value', 'target', 'baseline'],
    figures.map((f) => [
      f.figure,
      `${f.value} ${f.unit}`.trim(),
      f.target ? `${f.target.min !== undefined ? '≥' : '≤'} ${f.target.min ?? f.target.max}` : '',
      f.ratios ? Object.keys(f.ratios)[0] : '',
    ]),
  ),
);
