import { readFileSync } from 'node:fs';
import { isRefusedLanguage } from '../content-filter.js';

/**
 * The corpus: one text a line. Invisible and combining code points are written `\u{XXXX}` so a
 * reader can see them; every other character is itself. Lines starting with `#` are comments.
 */
function corpus(name: string): string[] {
  const text = readFileSync(new URL(`./corpus/${name}`, import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) =>
      line.replace(/\\u\{([0-9A-Fa-f]{1,6})\}/g, (_escape, hex: string) =>
        String.fromCodePoint(parseInt(hex, 16)),
      ),
    );
}

const refused = corpus('refused.txt');
const accepted = corpus('accepted.txt');

describe('the content filter corpus', () => {
  it('holds at least 150 disguised variants and 150 innocent texts', () => {
    expect(refused.length).toBeGreaterThanOrEqual(150);
    expect(accepted.length).toBeGreaterThanOrEqual(150);
  });

  it.each(refused)('refuses %j', (text) => {
    expect(isRefusedLanguage(text)).toBe(true);
  });

  it.each(accepted)('accepts %j', (text) => {
    expect(isRefusedLanguage(text)).toBe(false);
  });
});
