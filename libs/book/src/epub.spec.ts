import { describe, expect, it } from '@jest/globals';
import { epubcheck, unzipEntries, type ZipEntry } from '@starborn/testing';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { sampleBook } from './__tests__/sample-book.js';
import { renderEpub } from './epub.js';

const text = (entries: ZipEntry[], name: string) => {
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`no ${name} in the EPUB`);
  return entry.bytes.toString('utf8');
};

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });

describe('EPUB', () => {
  it('opens with the stored mimetype, then the container pointing at the package document', async () => {
    const entries = await unzipEntries(await renderEpub(sampleBook()));
    expect(entries[0]).toMatchObject({ name: 'mimetype', compressionMethod: 0, extraFieldLength: 0 });
    expect(entries[0]!.bytes.toString('ascii')).toBe('application/epub+zip');
    expect(text(entries, 'META-INF/container.xml')).toContain('full-path="OEBPS/package.opf"');
  });

  it('lists every file in the manifest and reads cover, title, backstory, chapters in order, zodiac', async () => {
    const book = sampleBook();
    const entries = await unzipEntries(await renderEpub(book));
    const opf = parser.parse(text(entries, 'OEBPS/package.opf')).package;
    expect(opf.version).toBe('3.0');
    expect(opf.metadata['dc:identifier']['#text']).toBe(`urn:starborn:storybook:${book.id}`);
    expect(opf.metadata['dc:language']).toBe('en');
    expect(opf.metadata.meta).toContainEqual({
      property: 'dcterms:modified',
      '#text': '2026-01-02T03:04:05Z',
    });
    expect(opf.metadata['dc:title']).toBe(book.heroName);

    const items: { id: string; href: string; 'media-type': string; properties?: string }[] =
      opf.manifest.item;
    const inZip = entries
      .map((entry) => entry.name)
      .filter((name) => name.startsWith('OEBPS/') && name !== 'OEBPS/package.opf');
    expect(items.map((item) => `OEBPS/${item.href}`).sort()).toEqual(inZip.sort());
    expect(items.find((item) => item.properties === 'cover-image')).toMatchObject({
      href: 'images/cover.png',
      'media-type': 'image/png',
    });
    expect(items.find((item) => item.properties === 'nav')?.href).toBe('nav.xhtml');
    expect(items.filter((item) => item.href.startsWith('images/chapter-'))).toEqual([
      { id: 'illustration-001', href: 'images/chapter-001.png', 'media-type': 'image/png' },
    ]);

    const spine = (opf.spine.itemref as { idref: string }[]).map((ref) => ref.idref);
    expect(spine).toEqual(['cover', 'title-page', 'backstory', 'chapter-001', 'chapter-002', 'zodiac']);

    const nav = text(entries, 'OEBPS/nav.xhtml');
    expect(nav).toContain('epub:type="toc"');
    const links = [...nav.matchAll(/<a (?:epub:type="\w+" )?href="([^"]+)">([^<]*)<\/a>/g)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(links.slice(0, 5)).toEqual([
      ['text/title.xhtml', 'Title page'],
      ['text/backstory.xhtml', 'Backstory'],
      ['text/chapter-001.xhtml', 'Chapter 1: The First Light &amp; &lt;b&gt;Dawn&lt;/b&gt;'],
      ['text/chapter-002.xhtml', 'Chapter 2: The Silver Road'],
      ['text/zodiac.xhtml', 'Zodiac profile'],
    ]);
  });

  it('writes well-formed XHTML with the user’s text escaped, never as markup', async () => {
    const entries = await unzipEntries(await renderEpub(sampleBook()));
    for (const entry of entries.filter((candidate) => /\.(xhtml|opf|xml)$/.test(candidate.name))) {
      expect({ name: entry.name, valid: XMLValidator.validate(entry.bytes.toString('utf8')) }).toEqual({
        name: entry.name,
        valid: true,
      });
    }
    const cover = text(entries, 'OEBPS/text/cover.xhtml');
    expect(cover).toContain('<h1>Lyra &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</h1>');
    const chapter = text(entries, 'OEBPS/text/chapter-001.xhtml');
    expect(chapter).not.toMatch(/<script|<a |<b>/);
    expect(chapter).toContain('<h1 id="title">The First Light &amp; &lt;b&gt;Dawn&lt;/b&gt;</h1>');
    expect(chapter).toContain('<img src="../images/chapter-001.png"');
    expect(chapter).toContain('<h3>Waking</h3>');
    // The first heading repeated the title: it is not written twice.
    expect(text(entries, 'OEBPS/text/chapter-002.xhtml')).not.toContain('<h2>The Silver Road</h2>');
    const zodiac = text(entries, 'OEBPS/text/zodiac.xhtml');
    expect(zodiac).toContain('Western sign: Leo');
    expect(zodiac).toContain('Chinese zodiac: Horse');
    expect(zodiac).toContain('July 25, 1990');
    expect(zodiac).toContain('the Lion');
  });

  it('passes epubcheck with no error and no warning, with and without chapters', async () => {
    const books = [sampleBook(), sampleBook({ chapters: [], westernSign: 'Unknown', backstory: '' })];
    const reports = await Promise.all(books.map(async (book) => epubcheck(await renderEpub(book))));
    for (const report of reports) {
      expect({
        fatals: report.fatals,
        errors: report.errors,
        warnings: report.warnings,
        output: report.output,
      }).toEqual({
        fatals: 0,
        errors: 0,
        warnings: 0,
        output: expect.stringContaining('No errors or warnings detected'),
      });
    }
  }, 90_000);

  it('refuses an image that is neither PNG nor JPEG', async () => {
    await expect(renderEpub(sampleBook({ cover: Buffer.from('GIF89a...') }))).rejects.toThrow(
      'PNG or a JPEG',
    );
  });
});
