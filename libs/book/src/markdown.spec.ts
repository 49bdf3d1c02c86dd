import { describe, expect, it } from '@jest/globals';
import { XMLValidator } from 'fast-xml-parser';
import { markdownBlocks, markdownToXhtml } from './markdown.js';

const wellFormed = (xhtml: string) => XMLValidator.validate(`<div>${xhtml}</div>`);

describe('markdown for the book', () => {
  it('writes well-formed XHTML: closed void elements, HTML entities as characters', () => {
    const xhtml = markdownToXhtml(
      'One&nbsp;two &copy; &amp; &bogus; a<br>b  \nc\n\n---\n\n| a | b |\n|:-:|--:|\n| 1 | 2 |',
    );
    expect(wellFormed(xhtml)).toBe(true);
    expect(xhtml).toContain('One\u00a0two © &amp; &amp;bogus;');
    expect(xhtml).toContain('<hr/>');
    expect(xhtml).toContain('<br/>');
    expect(xhtml).toContain('<td style="text-align: center">1</td>');
  });

  it('shows HTML written in the markdown as text, keeps only the words of links and images', () => {
    const xhtml = markdownToXhtml(
      '<script>alert(1)</script>\n\nHi <b onclick="x()">there</b> [go](javascript:alert(1)) ![a map](http://example.com/m.png)',
    );
    expect(wellFormed(xhtml)).toBe(true);
    expect(xhtml).not.toMatch(/<script|<b |<a |<img/);
    expect(xhtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(xhtml).toContain('go a map');
  });

  it('drops characters XML refuses', () => {
    expect(markdownToXhtml('a\u0001b\uFFFEc')).toBe('<p>abc</p>\n');
  });

  it('leaves out a first heading that repeats the title, and puts headings under the page title', () => {
    expect(markdownToXhtml('#  the first  LIGHT \n\nText.\n\n# Later', 'The First Light')).toBe(
      '<p>Text.</p>\n<h2>Later</h2>\n',
    );
    expect(markdownToXhtml('# Another\n\nText.', 'The First Light')).toContain('<h2>Another</h2>');
  });

  it('gives the PDF styled runs, lists, quotes and rules', () => {
    expect(
      markdownBlocks(
        '# T\n\nA **bold *both*** and *it* &amp; `x<y`\n\n- one\n- **two**\n\n> said\n\n***',
        'T',
      ),
    ).toEqual([
      {
        kind: 'paragraph',
        runs: [
          { text: 'A ', bold: false, italic: false, code: false },
          { text: 'bold ', bold: true, italic: false, code: false },
          { text: 'both', bold: true, italic: true, code: false },
          { text: ' and ', bold: false, italic: false, code: false },
          { text: 'it', bold: false, italic: true, code: false },
          { text: ' & ', bold: false, italic: false, code: false },
          { text: 'x<y', bold: false, italic: false, code: true },
        ],
      },
      {
        kind: 'list',
        ordered: false,
        start: 1,
        items: [
          [
            { text: 'one', bold: false, italic: false, code: false },
            { text: ' ', bold: false, italic: false, code: false },
          ],
          [
            { text: 'two', bold: true, italic: false, code: false },
            { text: ' ', bold: false, italic: false, code: false },
          ],
        ],
      },
      {
        kind: 'quote',
        blocks: [{ kind: 'paragraph', runs: [{ text: 'said', bold: false, italic: false, code: false }] }],
      },
      { kind: 'rule' },
    ]);
  });
});
