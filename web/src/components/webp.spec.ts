import { describe, expect, it } from '@jest/globals';
import { canSwitchToWebp, toWebpUrl } from './webp';

describe('toWebpUrl', () => {
  it.each([
    ['/logo.jpg', '/logo.webp'],
    ['/a/b.jpeg', '/a/b.webp'],
    ['/hero.PNG', '/hero.webp'],
    ['/media/h.png?v=2', '/media/h.webp?v=2'],
    ['https://cdn.example/x.jpg#frag', 'https://cdn.example/x.webp#frag'],
  ])('switches %s to %s', (input, output) => {
    expect(toWebpUrl(input)).toBe(output);
  });

  it.each([
    '/icon.svg',
    '/anim.gif',
    '/already.webp',
    '/jpg/folder',
    '/file.jpgx',
    'data:image/png;base64,AAAA',
    'blob:x.png',
  ])('leaves %s alone', (input) => {
    expect(toWebpUrl(input)).toBe(input);
    expect(canSwitchToWebp(input)).toBe(false);
  });
});
