import { solidPng } from '@starborn/testing';
import type { Book } from '../book.js';

/** A small book for the tests: two chapters, one illustrated, and text that must be escaped. */
export function sampleBook(overrides: Partial<Book> = {}): Book {
  return {
    id: '6f1c2a9e-1d3b-4c5a-9e8f-0a1b2c3d4e5f',
    heroName: 'Lyra <script>alert("x")</script> & Co',
    birthdate: '1990-07-25',
    westernSign: 'Leo',
    chineseSign: 'Horse',
    backstory: 'Born under **falling stars**, Lyra & her fox left *the valley*.\n\nShe never looked back.',
    cover: solidPng(64, 64, '#3f6ab5'),
    modified: new Date('2026-01-02T03:04:05.678Z'),
    chapters: [
      {
        number: 2,
        title: 'The Silver Road',
        markdown:
          '# The Silver Road\n\nThe road shone &nbsp;like a river.\n\n> A whisper: *go on*.\n\n- one\n- two',
        illustration: null,
      },
      {
        number: 1,
        title: 'The First Light & <b>Dawn</b>',
        markdown:
          '## Waking\n\nThe hero woke beneath a sky of **falling** stars.<br>A line.\n\n<script>alert(1)</script>\n\n---\n\nThe end of the [first](javascript:alert(1)) chapter ![map](http://x/map.png).',
        illustration: solidPng(120, 80, '#b5803f'),
      },
    ],
    ...overrides,
  };
}
