import { Marked } from 'marked';
import { heroFor } from './__tests__/fixtures.js';
import { generateBackstoryMarkdown } from './local/backstory.js';
import { writeLocalNarration } from './local/narrator.js';
import { escapeMarkdown, escapeQuotedNames } from './markdown-escape.js';

// The web app renders with marked (GFM): the same settings here.
const render = (markdown: string) =>
  new Marked({ gfm: true, breaks: false, async: false }).parse(markdown) as string;
/** The text a reader sees: tags dropped, the few entities marked writes decoded. */
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

const HOSTILE = [
  '[Claim free premium](https://evil.example/x)',
  '![x](https://evil.example/p.png)',
  '<a href="https://evil.example">Nova</a>',
  'Visit https://evil.example now',
  'www.evil.example',
  'mail me@evil.example',
  '**Bold** _Nova_ `code` ~~gone~~',
  '# Heading',
  '- listed',
  '1. numbered',
  'Tom &amp; Jerry',
  'back\\slash',
];

describe('escapeMarkdown', () => {
  it.each(HOSTILE)('renders %j as the literal text, with no link, image or markup', (text) => {
    const html = render(`${escapeMarkdown(text)}\n`);
    expect(html).not.toMatch(/<(a|img|strong|em|code|del|h\d|ul|ol|li)\b/);
    expect(visible(html).trim()).toBe(text);
  });

  it('leaves plain names alone', () => {
    expect(escapeMarkdown('Mira Stormborn')).toBe('Mira Stormborn');
    expect(escapeMarkdown('Zoë Oluwaseun')).toBe('Zoë Oluwaseun');
  });
});

describe('escapeQuotedNames', () => {
  it('escapes each verbatim quote of a risky name, longer names first', () => {
    const name = '[Claim](https://evil.example)';
    const text = `**${name}** rode out. ${name} returned.`;
    const html = render(escapeQuotedNames(text, [name, 'Lyra']));
    expect(html).not.toContain('<a');
    expect(visible(html)).toContain(`${name} rode out. ${name} returned.`);
  });
});

describe('the local writers quote names literally', () => {
  const name = '[Claim free premium](https://evil.example/x)';

  it('backstory: the hero name shows as text, never as a link', () => {
    const markdown = generateBackstoryMarkdown(heroFor('1990-07-25', name));
    const html = render(markdown);
    expect(html).not.toContain('<a');
    expect(html).not.toContain('evil.example/x"');
    expect(visible(html)).toContain(name);
  });

  it('narrator: hero names and the room title show as text', () => {
    const hero = {
      name,
      westernSign: 'Leo',
      westernElement: 'Fire',
      chineseSign: 'Dragon',
      chineseElement: 'Yang Wood',
    };
    for (let i = 0; i < 20; i++) {
      const line = writeLocalNarration({
        roomId: `room-${i}`,
        triggerId: 'intro',
        title: '<a href="https://evil.example">Free</a>',
        intro: true,
        heroes: [hero],
        recent: [],
      });
      expect(render(line)).not.toMatch(/<a\b/);
    }
  });
});
