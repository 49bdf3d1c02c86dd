import yazl from 'yazl';
import {
  BOOK_SUBTITLE,
  chapterLabel,
  chaptersInOrder,
  formatBirthdate,
  imageTypeOf,
  zodiacProfile,
  type Book,
  type BookChapter,
} from './book.js';
import { collect } from './collect.js';
import { countRendering } from './version.js';
import { escapeXml, markdownToXhtml } from './markdown.js';

/*
 * The EPUB container is written here on top of yazl: the EPUB packages on npm fetch images over HTTP,
 * build EPUB 2 or lag EPUB 3's rules, while a book of a few pages of our own XHTML needs only the
 * package document, the navigation document and a zip whose first entry is the stored `mimetype`.
 */

interface Page {
  id: string;
  href: string;
  title: string;
  body: string;
  /** Listed in the table of contents. */
  listed: boolean;
}

interface ImageFile {
  id: string;
  href: string;
  mediaType: string;
  bytes: Uint8Array;
  cover?: boolean;
}

const STYLESHEET = `@charset "UTF-8";
body { font-family: serif; line-height: 1.5; margin: 0 5%; }
h1, h2, h3, h4, h5, h6 { font-family: serif; font-weight: normal; line-height: 1.2; text-align: center; }
h1 { font-size: 1.8em; margin: 1.5em 0 0.3em; }
p { margin: 0; text-indent: 1.2em; text-align: justify; }
h1 + p, h2 + p, h3 + p, h4 + p, figure + p, hr + p, .first { text-indent: 0; }
blockquote { margin: 1em 1.5em; font-style: italic; }
hr { border: none; border-top: 1px solid #999; margin: 1.2em 25%; }
figure { margin: 1em 0; text-align: center; page-break-inside: avoid; }
figure img { max-width: 100%; max-height: 60vh; }
.label { text-align: center; text-transform: uppercase; letter-spacing: 0.2em; font-size: 0.8em; margin-top: 3em; text-indent: 0; }
.cover { text-align: center; margin: 0; padding: 0; }
.cover img { max-width: 100%; max-height: 85vh; }
.cover h1 { margin-top: 0.5em; }
.title-page { text-align: center; margin-top: 25%; }
.title-page p, .centered { text-align: center; text-indent: 0; }
.profile dt { font-weight: bold; margin-top: 1em; }
.profile dd { margin: 0.2em 0 0 0; }
`;

function xhtmlDocument(title: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en">
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="../styles/book.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}

const pad = (n: number) => String(n).padStart(3, '0');

function chapterPage(chapter: BookChapter, image: ImageFile | undefined): Page {
  const title = escapeXml(chapter.title);
  const figure = image
    ? `<figure><img src="../${image.href}" alt="${escapeXml(`Illustration: ${chapter.title}`)}"/></figure>\n`
    : '';
  return {
    id: `chapter-${pad(chapter.number)}`,
    href: `text/chapter-${pad(chapter.number)}.xhtml`,
    title: `${chapterLabel(chapter)}: ${chapter.title}`,
    listed: true,
    body: `<section epub:type="chapter" aria-labelledby="title">
<p class="label">${escapeXml(chapterLabel(chapter))}</p>
<h1 id="title">${title}</h1>
${figure}${markdownToXhtml(chapter.markdown, chapter.title)}</section>`,
  };
}

/** The book as an EPUB 3 file. */
export async function renderEpub(book: Book): Promise<Buffer> {
  countRendering();
  const name = escapeXml(book.heroName);
  const chapters = chaptersInOrder(book);
  const coverType = imageTypeOf(book.cover);
  const cover: ImageFile = {
    id: 'cover-image',
    href: `images/cover.${coverType === 'png' ? 'png' : 'jpg'}`,
    mediaType: `image/${coverType}`,
    bytes: book.cover,
    cover: true,
  };
  const images: ImageFile[] = [cover];
  const pages: Page[] = [
    {
      id: 'cover',
      href: 'text/cover.xhtml',
      title: 'Cover',
      listed: false,
      body: `<section class="cover" epub:type="cover">
<img src="../${cover.href}" alt="${escapeXml(`Portrait of ${book.heroName}`)}"/>
<h1>${name}</h1>
</section>`,
    },
    {
      id: 'title-page',
      href: 'text/title.xhtml',
      title: 'Title page',
      listed: true,
      body: `<section class="title-page" epub:type="titlepage">
<h1>${name}</h1>
<p>${escapeXml(BOOK_SUBTITLE)}</p>
<p>Born ${escapeXml(formatBirthdate(book.birthdate))}</p>
<p>${escapeXml(book.westernSign)} · ${escapeXml(book.chineseSign)}</p>
</section>`,
    },
    {
      id: 'backstory',
      href: 'text/backstory.xhtml',
      title: 'Backstory',
      listed: true,
      body: `<section epub:type="prologue" aria-labelledby="title">
<h1 id="title">Backstory</h1>
${markdownToXhtml(book.backstory)}</section>`,
    },
  ];
  for (const chapter of chapters) {
    let image: ImageFile | undefined;
    if (chapter.illustration) {
      const type = imageTypeOf(chapter.illustration);
      image = {
        id: `illustration-${pad(chapter.number)}`,
        href: `images/chapter-${pad(chapter.number)}.${type === 'png' ? 'png' : 'jpg'}`,
        mediaType: `image/${type}`,
        bytes: chapter.illustration,
      };
      images.push(image);
    }
    pages.push(chapterPage(chapter, image));
  }
  const profile = zodiacProfile(book)
    .map(
      (entry) =>
        `<dt>${escapeXml(entry.label)}: ${escapeXml(entry.name)}</dt>\n` +
        (entry.details ? `<dd>${escapeXml(entry.details)}</dd>\n` : '') +
        (entry.description ? `<dd>${escapeXml(entry.description)}</dd>\n` : ''),
    )
    .join('');
  pages.push({
    id: 'zodiac',
    href: 'text/zodiac.xhtml',
    title: 'Zodiac profile',
    listed: true,
    body: `<section epub:type="appendix" aria-labelledby="title">
<h1 id="title">Zodiac profile</h1>
<p class="centered">${name}, born ${escapeXml(formatBirthdate(book.birthdate))}</p>
<dl class="profile">
<dt>Birth date</dt>
<dd>${escapeXml(formatBirthdate(book.birthdate))}</dd>
${profile}</dl>
</section>`,
  });

  const firstStory = pages.find((page) => page.id.startsWith('chapter-')) ?? pages[2]!;
  const nav = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en">
<head>
<meta charset="UTF-8"/>
<title>${name}</title>
<link rel="stylesheet" type="text/css" href="styles/book.css"/>
</head>
<body>
<nav epub:type="toc" id="toc">
<h1>Contents</h1>
<ol>
${pages
  .filter((page) => page.listed)
  .map((page) => `<li><a href="${page.href}">${escapeXml(page.title)}</a></li>`)
  .join('\n')}
</ol>
</nav>
<nav epub:type="landmarks" hidden="hidden">
<ol>
<li><a epub:type="cover" href="text/cover.xhtml">Cover</a></li>
<li><a epub:type="bodymatter" href="${firstStory.href}">Begin reading</a></li>
</ol>
</nav>
</body>
</html>
`;

  const modified = (book.modified ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="en">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">urn:starborn:storybook:${escapeXml(book.id)}</dc:identifier>
<dc:title>${name}</dc:title>
<dc:creator>Starborn</dc:creator>
<dc:language>en</dc:language>
<meta property="dcterms:modified">${modified}</meta>
<meta name="cover" content="${cover.id}"/>
</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="css" href="styles/book.css" media-type="text/css"/>
${images
  .map(
    (image) =>
      `<item id="${image.id}" href="${image.href}" media-type="${image.mediaType}"${image.cover ? ' properties="cover-image"' : ''}/>`,
  )
  .join('\n')}
${pages.map((page) => `<item id="${page.id}" href="${page.href}" media-type="application/xhtml+xml"/>`).join('\n')}
</manifest>
<spine>
${pages.map((page) => `<itemref idref="${page.id}"/>`).join('\n')}
</spine>
</package>
`;

  const zip = new yazl.ZipFile();
  const mtime = book.modified ?? new Date();
  // First, stored and without extra fields: readers find the type at a fixed offset.
  zip.addBuffer(Buffer.from('application/epub+zip', 'ascii'), 'mimetype', {
    compress: false,
    forceDosTimestamp: true,
    mtime,
  });
  const text = (path: string, content: string) =>
    zip.addBuffer(Buffer.from(content, 'utf8'), path, { mtime });
  text(
    'META-INF/container.xml',
    `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="OEBPS/package.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`,
  );
  text('OEBPS/package.opf', opf);
  text('OEBPS/nav.xhtml', nav);
  text('OEBPS/styles/book.css', STYLESHEET);
  for (const page of pages) text(`OEBPS/${page.href}`, xhtmlDocument(page.title, page.body));
  // Images are compressed already.
  for (const image of images) {
    zip.addBuffer(
      Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength),
      `OEBPS/${image.href}`,
      {
        compress: false,
        mtime,
      },
    );
  }
  zip.end();
  return collect(zip.outputStream);
}
