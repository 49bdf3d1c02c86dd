// The contact sheet: what the local provider paints and writes, at a glance. Makes
//   docs/contact-sheet/heroes.jpg  24 heroes' front portraits (names, signs), one of each element
//                                  and sign spread across the grid;
//   docs/contact-sheet/book.jpg    the 8 chapter illustrations of one hero's book, with their titles;
//   docs/contact-sheet/README.md   the heroes and chapters listed, with the chapter openings.
// Run from the repository root after building the libraries (npx nx run-many -t build):
//   npm run contact-sheet
import {
  generateBackstoryMarkdown,
  LocalAiProvider,
  planStory,
  revisePlan,
  sceneOfChapter,
  sentencesOf,
  writeLocalChapter,
} from '@starborn/ai';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { heroProfile } from '../bench/lib/hero-profile.mjs';

const OUT = fileURLToPath(new URL('../docs/contact-sheet/', import.meta.url));
const PORTRAIT = 256;
const COLUMNS = 6;
const LABEL = 40;
const CHAPTERS = 8;
const PICTURE_WIDTH = 600;
const PICTURE_HEIGHT = 400;

const FIRST = [
  'Aria',
  'Bram',
  'Cass',
  'Dorian',
  'Elin',
  'Fenn',
  'Galen',
  'Hale',
  'Isolde',
  'Jory',
  'Kestrel',
  'Lio',
];
const LAST = ['Ashdown', 'Brightwater', 'Cinderfell', 'Duskmere', 'Emberly', 'Frostvale'];

/** 24 heroes born a month and a year apart, so the sheet walks through the signs and the animals. */
const heroes = Array.from({ length: 24 }, (_, i) => {
  const birthdate = `${1970 + i}-${String((i % 12) + 1).padStart(2, '0')}-${String(3 + i).padStart(2, '0')}`;
  const heroId = (0xc0ffee + i * 7919).toString(16).padStart(8, '0').repeat(4);
  return heroProfile({ heroId, name: `${FIRST[i % 12]} ${LAST[(i + Math.floor(i / 12)) % 6]}`, birthdate });
});

const escapeXml = (text) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);

/** A caption strip under a tile: one or two short lines in the sheet's type. */
function caption(width, lines) {
  const text = lines
    .map(
      (line, i) =>
        `<text x="8" y="${16 + i * 17}" font-family="DejaVu Sans, sans-serif" font-size="${i ? 12 : 14}" fill="${i ? '#b9b3d6' : '#f4efe2'}">${escapeXml(line)}</text>`,
    )
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${LABEL}"><rect width="100%" height="100%" fill="#15122a"/>${text}</svg>`,
  );
}

async function sheet(tiles, tileWidth, tileHeight, columns) {
  const rows = Math.ceil(tiles.length / columns);
  const cell = tileHeight + LABEL;
  const composites = [];
  for (const [i, tile] of tiles.entries()) {
    const left = (i % columns) * tileWidth;
    const top = Math.floor(i / columns) * cell;
    composites.push({ input: await sharp(tile.png).resize(tileWidth, tileHeight).toBuffer(), left, top });
    composites.push({ input: caption(tileWidth, tile.lines), left, top: top + tileHeight });
  }
  return sharp({
    create: { width: tileWidth * columns, height: cell * rows, channels: 3, background: '#15122a' },
  })
    .composite(composites)
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

const provider = new LocalAiProvider({ imageSize: PORTRAIT * 2 });
await mkdir(OUT, { recursive: true });

const portraits = [];
for (const hero of heroes) {
  const [front] = await provider.generateHeroImages(hero);
  portraits.push({ png: front.png, lines: [hero.name, `${hero.western.sign} · ${hero.chinese.sign}`] });
}
await writeFile(`${OUT}heroes.jpg`, await sheet(portraits, PORTRAIT, PORTRAIT, COLUMNS));

const reader = heroes[4];
const chapters = [];
let plan = planStory(reader, { chaptersTotalCount: CHAPTERS, backstory: generateBackstoryMarkdown(reader) });
for (let chapterNumber = 1; chapterNumber <= CHAPTERS; chapterNumber++) {
  const previousChapters = chapters.map(({ chapterNumber: n, title, summary }) => ({
    chapterNumber: n,
    title,
    summary,
  }));
  plan = revisePlan(plan, { chapterNumber, chaptersTotalCount: CHAPTERS, previousChapters });
  const chapter = writeLocalChapter({
    hero: reader,
    chapterNumber,
    chaptersTotalCount: CHAPTERS,
    previousChapter: previousChapters.at(-1) ?? null,
    previousChapters,
    plan,
  });
  const scene = sceneOfChapter(plan, chapterNumber);
  const picture = await provider.illustrateChapter({
    hero: reader,
    chapterNumber,
    title: chapter.title,
    markdown: chapter.markdown,
    scene,
    cast: plan.cast,
  });
  chapters.push({
    chapterNumber,
    ...chapter,
    scene,
    png: picture.png,
    lines: [`${chapterNumber}. ${chapter.title}`, `${scene.place}, ${scene.timeOfDay}, ${scene.weather}`],
  });
}
await writeFile(`${OUT}book.jpg`, await sheet(chapters, PICTURE_WIDTH, PICTURE_HEIGHT, 4));

const opening = (markdown) => sentencesOf(markdown.replace(/^#.*\n+/, ''))[0] ?? '';
await writeFile(
  `${OUT}README.md`,
  [
    '# Contact sheet',
    '',
    'What the offline (`local`) provider makes, regenerated by `npm run contact-sheet`.',
    '',
    '## 24 heroes',
    '',
    '![24 heroes, front portraits](heroes.jpg)',
    '',
    ...heroes.map(
      (hero) =>
        `- ${hero.name}: ${hero.western.sign} (${hero.western.element}), ${hero.chinese.element} ${hero.chinese.sign}`,
    ),
    '',
    `## One book: ${plan.title}`,
    '',
    `${reader.name}'s story in ${CHAPTERS} chapters. ${plan.conflict}`,
    '',
    '![The chapter illustrations of one book](book.jpg)',
    '',
    ...chapters.map(
      (chapter) =>
        `${chapter.chapterNumber}. **${chapter.title}** (${chapter.scene.place}): ${opening(chapter.markdown)}`,
    ),
    '',
  ].join('\n'),
);
console.log(`wrote docs/contact-sheet/heroes.jpg, book.jpg and README.md`);
