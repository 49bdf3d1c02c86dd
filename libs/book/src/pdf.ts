import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import {
  BOOK_SUBTITLE,
  chapterLabel,
  chaptersInOrder,
  formatBirthdate,
  imageTypeOf,
  zodiacProfile,
  type Book,
} from './book.js';
import { collect } from './collect.js';
import { countRendering } from './version.js';
import { cjkFontFor, fonts, isCjk, type FontName } from './fonts.js';
import { cleanText, markdownBlocks, type TextBlock, type TextRun } from './markdown.js';

type Doc = PDFKit.PDFDocument;

const MARGIN = { top: 54, bottom: 62, left: 50, right: 50 };
const INK = '#222222';
const MUTED = '#6b5d3f';
const NIGHT = '#1b1f3b';
const GOLD = '#e2c675';
const BODY_SIZE = 11;

/** Pages before this index (cover, title page) carry no page number. */
const FIRST_NUMBERED_PAGE = 2;

/** The book as an A5 PDF with embedded fonts, each chapter on a new page, numbered pages. */
export async function renderPdf(book: Book): Promise<Buffer> {
  countRendering();
  const chapters = chaptersInOrder(book);
  // No default font: the standard Helvetica would be named in the file without being embedded.
  const doc = new PDFDocument({
    size: 'A5',
    margins: MARGIN,
    autoFirstPage: false,
    bufferPages: true,
    font: null as unknown as string,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: cleanText(book.heroName),
      Author: 'Starborn',
      Subject: BOOK_SUBTITLE,
      ...(book.modified ? { CreationDate: book.modified, ModDate: book.modified } : {}),
    },
  });
  // Pictures first, all at once (sharp works off the main thread).
  const [cover, ...illustrations] = await Promise.all([
    printable(book.cover),
    ...chapters.map((chapter) => (chapter.illustration ? printable(chapter.illustration) : null)),
  ]);
  const bytes = collect(doc);
  // pdfkit takes a parsed fontkit font as it takes a file.
  for (const [name, font] of Object.entries(fonts())) doc.registerFont(name, font as unknown as Buffer);
  printCjkWithCjkFonts(doc);

  coverPage(doc, book, cover!);
  titlePage(doc, book);

  newPage(doc);
  pageTitle(doc, 'Backstory');
  blocks(doc, markdownBlocks(book.backstory));

  for (const [index, chapter] of chapters.entries()) {
    const illustration = illustrations[index];
    newPage(doc);
    doc.font('title').fontSize(9).fillColor(MUTED);
    doc.text(chapterLabel(chapter).toUpperCase(), { align: 'center', characterSpacing: 2 });
    doc.moveDown(0.4);
    pageTitle(doc, chapter.title);
    if (illustration) {
      const width = contentWidth(doc);
      const height = 220;
      doc.image(illustration, MARGIN.left, doc.y, {
        fit: [width, height],
        align: 'center',
        valign: 'center',
      });
      doc.y += height + 14;
    }
    blocks(doc, markdownBlocks(chapter.markdown, chapter.title));
  }

  zodiacPage(doc, book);
  pageNumbers(doc);
  doc.end();
  return bytes;
}

/** A piece of a text to print in one font: the current one, or the named CJK font. */
interface Piece {
  text: string;
  cjk?: string;
}

/**
 * Every text the document prints goes through here: the book's fonts (EB Garamond, Cinzel) have no
 * Chinese, Japanese or Korean glyphs, so each run of such characters is drawn with the CJK font that
 * has them (see fonts.ts), as continued text in the same line, size and layout; the rest keeps the
 * font the caller chose. No character prints as an empty box.
 */
function printCjkWithCjkFonts(doc: Doc): void {
  const text = doc.text.bind(doc) as (value: unknown, ...rest: unknown[]) => Doc;
  const font = doc.font.bind(doc) as (name: string) => Doc;
  const registered = new Set<string>();
  let current: string | undefined;
  doc.font = ((name: unknown, ...rest: unknown[]) => {
    if (typeof name === 'string') current = name;
    return (font as (...args: unknown[]) => Doc)(name, ...rest);
  }) as Doc['font'];
  doc.text = ((value: unknown, ...rest: unknown[]) => {
    const pieces = typeof value === 'string' && current ? piecesOf(value) : [];
    if (!pieces.some((piece) => piece.cjk)) return text(value, ...rest);
    const last = rest[rest.length - 1];
    const options = (typeof last === 'object' && last !== null ? last : {}) as PDFKit.Mixins.TextOptions;
    const position = rest.filter((argument) => typeof argument === 'number');
    const latin = current!;
    const use = (piece: Piece) => {
      if (piece.cjk && !registered.has(piece.cjk)) {
        doc.registerFont(piece.cjk, cjkFontFor(piece.text)!.font as unknown as Buffer);
        registered.add(piece.cjk);
      }
      font(piece.cjk ?? latin);
    };
    const x = typeof position[0] === 'number' ? position[0] : doc.x;
    const y = typeof position[1] === 'number' ? position[1] : doc.y;
    const width = options.width ?? doc.page.width - doc.page.margins.right - x;
    const spacing = { characterSpacing: options.characterSpacing ?? 0 };
    const total = pieces.reduce(
      (sum, piece) => (use(piece), sum + doc.widthOfString(piece.text, spacing)),
      0,
    );
    const centred = options.align === 'center' || options.align === 'right';
    if (centred && !options.continued && !String(value).includes('\n') && total <= width) {
      // pdfkit aligns each continued piece on its own: a centred line is placed here, piece by piece.
      const left = x + (options.align === 'center' ? (width - total) / 2 : width - total);
      let height = 0;
      pieces.forEach((piece, index) => {
        use(piece);
        height = Math.max(height, doc.currentLineHeight(true));
        text(piece.text, index === 0 ? left : doc.x, y, { ...spacing, lineBreak: false });
      });
      doc.x = x;
      doc.y = y + height + (options.lineGap ?? 0) + (options.paragraphGap ?? 0);
    } else {
      pieces.forEach((piece, index) => {
        use(piece);
        const continued = index < pieces.length - 1 || Boolean(options.continued);
        if (index === 0) {
          text(piece.text, ...position, { ...options, ...(centred ? { align: 'left' } : {}), continued });
        } else text(piece.text, { continued });
      });
    }
    font(latin);
    return doc;
  }) as Doc['text'];
}

/** A text cut where it passes between the current font and a CJK font file (or between two of those). */
function piecesOf(value: string): Piece[] {
  const pieces: Piece[] = [];
  for (const character of value) {
    const cjk = isCjk(character) ? cjkFontFor(character)?.name : undefined;
    const previous = pieces[pieces.length - 1];
    if (previous && previous.cjk === cjk) previous.text += character;
    else pieces.push({ text: character, ...(cjk ? { cjk } : {}) });
  }
  return pieces;
}

const contentWidth = (doc: Doc) => doc.page.width - MARGIN.left - MARGIN.right;

function newPage(doc: Doc): void {
  doc.addPage();
  doc.fillColor(INK);
}

function pageTitle(doc: Doc, title: string): void {
  doc.font('title').fontSize(18).fillColor(INK);
  doc.text(cleanText(title), MARGIN.left, doc.y, { align: 'center', width: contentWidth(doc) });
  ornament(doc);
}

/** A short centred rule under a title or between scenes. */
function ornament(doc: Doc): void {
  doc.moveDown(0.5);
  const middle = doc.page.width / 2;
  doc.save().lineWidth(0.6).strokeColor(MUTED);
  doc
    .moveTo(middle - 24, doc.y)
    .lineTo(middle + 24, doc.y)
    .stroke();
  doc.restore();
  doc.moveDown(0.9);
}

/**
 * An image as pdfkit embeds it fast: a JPEG as it is; a PNG turned into a JPEG, since pdfkit reads a
 * PNG's data byte by byte in JavaScript (a third of a second for a 1200×800 picture) and splits its
 * alpha channel by hand, while sharp converts it in a few milliseconds off the main thread.
 */
async function printable(image: Uint8Array): Promise<Buffer> {
  const bytes = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
  if (imageTypeOf(bytes) === 'jpeg') return bytes;
  return sharp(bytes).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
}

function coverPage(doc: Doc, book: Book, cover: Buffer): void {
  doc.addPage({ size: 'A5', margins: { top: 0, bottom: 0, left: 0, right: 0 } });
  const { width, height } = doc.page;
  doc.rect(0, 0, width, height).fill(NIGHT);
  const side = width - 2 * 36;
  doc.image(cover, 36, 48, { fit: [side, height * 0.62], align: 'center' });
  const nameY = 48 + Math.min(side, height * 0.62) + 28;
  doc.font('titleBold').fontSize(26).fillColor(GOLD);
  doc.text(cleanText(book.heroName), 30, nameY, { width: width - 60, align: 'center' });
  doc.moveDown(0.4);
  doc.font('italic').fontSize(13).fillColor('#f4efe2');
  doc.text(BOOK_SUBTITLE, { width: width - 60, align: 'center' });
}

function titlePage(doc: Doc, book: Book): void {
  newPage(doc);
  doc.y = doc.page.height * 0.3;
  doc.font('titleBold').fontSize(24).fillColor(INK);
  doc.text(cleanText(book.heroName), { align: 'center' });
  ornament(doc);
  doc.font('italic').fontSize(13).text(BOOK_SUBTITLE, { align: 'center' });
  doc.moveDown(2);
  doc.font('body').fontSize(BODY_SIZE).fillColor(MUTED);
  doc.text(`Born ${cleanText(formatBirthdate(book.birthdate))}`, { align: 'center' });
  doc.text(`${cleanText(book.westernSign)} · ${cleanText(book.chineseSign)}`, { align: 'center' });
}

function zodiacPage(doc: Doc, book: Book): void {
  newPage(doc);
  pageTitle(doc, 'Zodiac profile');
  doc.font('body').fontSize(BODY_SIZE).fillColor(INK);
  doc.text(`${cleanText(book.heroName)}, born ${cleanText(formatBirthdate(book.birthdate))}`, {
    align: 'center',
  });
  for (const entry of zodiacProfile(book)) {
    doc.moveDown(1.2);
    doc.font('title').fontSize(9).fillColor(MUTED).text(entry.label.toUpperCase(), { characterSpacing: 1.5 });
    doc.moveDown(0.2);
    doc.font('titleBold').fontSize(15).fillColor(INK).text(cleanText(entry.name));
    if (entry.details) doc.font('italic').fontSize(BODY_SIZE).fillColor(MUTED).text(entry.details);
    if (entry.description) {
      doc.moveDown(0.3);
      doc.font('body').fontSize(BODY_SIZE).fillColor(INK).text(entry.description, { align: 'justify' });
    }
  }
}

function fontOf(run: TextRun): FontName {
  if (run.bold) return run.italic ? 'boldItalic' : 'bold';
  return run.italic ? 'italic' : 'body';
}

interface Layout {
  x: number;
  width: number;
  italic: boolean;
}

function runs(
  doc: Doc,
  textRuns: readonly TextRun[],
  layout: Layout,
  options: PDFKit.Mixins.TextOptions,
): void {
  const visible = textRuns.filter((run) => run.text !== '');
  if (visible.length === 0) return;
  visible.forEach((run, index) => {
    doc
      .font(fontOf({ ...run, italic: run.italic !== layout.italic }))
      .fontSize(run.code ? BODY_SIZE - 1 : BODY_SIZE);
    const continued = index < visible.length - 1;
    if (index === 0) doc.text(run.text, layout.x, doc.y, { ...options, width: layout.width, continued });
    else doc.text(run.text, { continued });
  });
}

function blocks(doc: Doc, list: readonly TextBlock[], layout?: Layout): void {
  const frame = layout ?? { x: MARGIN.left, width: contentWidth(doc), italic: false };
  doc.fillColor(INK);
  let previous: TextBlock['kind'] | undefined;
  for (const block of list) {
    switch (block.kind) {
      case 'heading':
        doc.moveDown(previous ? 0.6 : 0);
        doc.font('title').fontSize(Math.max(BODY_SIZE + 1, 16 - 2 * (block.level - 1)));
        doc.text(block.runs.map((run) => run.text).join(''), frame.x, doc.y, {
          width: frame.width,
          align: 'center',
        });
        doc.moveDown(0.4);
        break;
      case 'paragraph':
        runs(doc, block.runs, frame, {
          align: 'justify',
          indent: previous === 'paragraph' ? 14 : 0,
          lineGap: 1.5,
          paragraphGap: 2,
        });
        break;
      case 'list':
        doc.moveDown(0.3);
        block.items.forEach((item, index) => {
          const marker = block.ordered ? `${block.start + index}.` : '•';
          const y = doc.y;
          doc
            .font('body')
            .fontSize(BODY_SIZE)
            .text(marker, frame.x + 4, y, { width: 16, align: 'right' });
          doc.y = y;
          runs(
            doc,
            item,
            { ...frame, x: frame.x + 24, width: frame.width - 24 },
            { lineGap: 1.5, paragraphGap: 2 },
          );
        });
        doc.moveDown(0.3);
        break;
      case 'quote':
        doc.moveDown(0.4);
        blocks(doc, block.blocks, { x: frame.x + 18, width: frame.width - 36, italic: !frame.italic });
        doc.moveDown(0.4);
        break;
      case 'code':
        doc.moveDown(0.3);
        doc
          .font('body')
          .fontSize(BODY_SIZE - 1)
          .text(block.text, frame.x + 12, doc.y, { width: frame.width - 24 });
        doc.moveDown(0.3);
        break;
      case 'rule':
        ornament(doc);
        break;
    }
    previous = block.kind;
  }
}

/** Numbers in the footer, drawn once every page exists (the bottom margin is lifted so none spills over). */
function pageNumbers(doc: Doc): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start + FIRST_NUMBERED_PAGE; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('body').fontSize(9).fillColor(MUTED);
    doc.text(String(index + 1), 0, doc.page.height - 36, {
      width: doc.page.width,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
