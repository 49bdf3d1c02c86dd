import { describe, expect, it } from '@jest/globals';
import {
  failedOnOtherFormat,
  IMAGE_SIZES,
  mediaSources,
  replayMissedError,
  srcSetOf,
  type LoadedImage,
} from './responsiveImage';

const url = '/media/heroes/abc/full/front.png?exp=1800003600&sig=AbC_-d';

describe('mediaSources', () => {
  it('names every width as AVIF and WebP under the same signed link, narrowest first', () => {
    const sources = mediaSources(url, [1024, 320, 640])!;
    expect(srcSetOf(sources.avif)).toBe(
      '/media/heroes/abc/full/front.w320.avif?exp=1800003600&sig=AbC_-d 320w, ' +
        '/media/heroes/abc/full/front.w640.avif?exp=1800003600&sig=AbC_-d 640w, ' +
        '/media/heroes/abc/full/front.w1024.avif?exp=1800003600&sig=AbC_-d 1024w',
    );
    expect(sources.webp.map((source) => source.url)).toEqual([
      '/media/heroes/abc/full/front.w320.webp?exp=1800003600&sig=AbC_-d',
      '/media/heroes/abc/full/front.w640.webp?exp=1800003600&sig=AbC_-d',
      '/media/heroes/abc/full/front.w1024.webp?exp=1800003600&sig=AbC_-d',
    ]);
  });

  it('gives none without widths (an older server) or for a link that is not a PNG', () => {
    expect(mediaSources(url, undefined)).toBeNull();
    expect(mediaSources(url, [])).toBeNull();
    expect(mediaSources('/media/a/b.webp?exp=1&sig=x', [320])).toBeNull();
    expect(mediaSources('data:image/png;base64,AAAA', [320])).toBeNull();
  });

  it('only touches the extension, not a ".png" elsewhere in the path', () => {
    expect(mediaSources('/media/a.png/b.png?exp=1&sig=x', [320])!.avif[0]!.url).toBe(
      '/media/a.png/b.w320.avif?exp=1&sig=x',
    );
  });
});

describe('IMAGE_SIZES', () => {
  /** The width a `sizes` list gives at a viewport width, for the simple lists used here. */
  function shownWidth(sizes: string, viewport: number): number {
    for (const entry of sizes.split(/,\s*(?=\(max-width|\d+px$)/)) {
      const match = /^\(max-width: (\d+)px\) (.+)$/.exec(entry);
      const length = match ? (viewport <= Number(match[1]) ? match[2]! : null) : entry;
      if (length === null) continue;
      const expression = length
        .replace(/calc|min/g, (name) => (name === 'min' ? 'Math.min' : ''))
        .replace(/(\d+(?:\.\d+)?)vw/g, (_, n: string) => String((Number(n) * viewport) / 100))
        .replace(/px/g, '');
      return Number(new Function(`return ${expression}`)());
    }
    throw new Error(`no entry of ${sizes} applies`);
  }

  it('matches the layout at a 390-pixel phone and a 1280-pixel desktop', () => {
    expect(shownWidth(IMAGE_SIZES.heroGallery, 390)).toBe(358);
    expect(shownWidth(IMAGE_SIZES.heroGallery, 1280)).toBe(560);
    expect(shownWidth(IMAGE_SIZES.heroThumb, 390)).toBeCloseTo(111.3, 1);
    expect(shownWidth(IMAGE_SIZES.heroThumb, 1280)).toBe(180);
    expect(shownWidth(IMAGE_SIZES.chapterIllustration, 390)).toBe(358);
    expect(shownWidth(IMAGE_SIZES.chapterIllustration, 1280)).toBe(600);
    expect(shownWidth(IMAGE_SIZES.exampleHero, 390)).toBe(358);
    expect(shownWidth(IMAGE_SIZES.exampleHero, 1280)).toBe(360);
  });
});

describe('failedOnOtherFormat', () => {
  const base = 'https://starborn.example/hero/abc';
  const src = '/media/heroes/abc/full/front.png?exp=1&sig=x';

  it('is true when a sized rendering or the WebP sibling failed: the original is worth loading', () => {
    expect(
      failedOnOtherFormat(
        `https://starborn.example/media/heroes/abc/full/front.w640.avif?exp=1&sig=x`,
        src,
        base,
      ),
    ).toBe(true);
    expect(failedOnOtherFormat('https://starborn.example/logo-96.webp', '/logo-96.jpg', base)).toBe(true);
  });

  it('is false when the original itself failed: the error is the caller’s', () => {
    expect(failedOnOtherFormat(`https://starborn.example${src}`, src, base)).toBe(false);
    expect(failedOnOtherFormat('https://starborn.example/hero/logo.jpg', 'logo.jpg', base)).toBe(false);
    expect(failedOnOtherFormat('https://cdn.example/a.png', 'https://cdn.example/a.png', base)).toBe(false);
  });
});

describe('replayMissedError', () => {
  /** An <img> in some state, recording the events fired at it. */
  const imageThat = (state: { complete: boolean; naturalWidth: number; decodes: boolean }) => {
    const fired: string[] = [];
    const image: LoadedImage = {
      complete: state.complete,
      naturalWidth: state.naturalWidth,
      decode: () => (state.decodes ? Promise.resolve() : Promise.reject(new Error('EncodingError'))),
      dispatchEvent: (event: Event) => fired.push(event.type) > 0,
    };
    return { image, fired };
  };

  it('fires the error again at an image that broke before anything listened', async () => {
    const { image, fired } = imageThat({ complete: true, naturalWidth: 0, decodes: false });
    await expect(replayMissedError(image, () => false)).resolves.toBe(true);
    expect(fired).toEqual(['error']);
  });

  it('leaves alone an image that loaded, is still loading, or is an SVG without a size of its own', async () => {
    for (const state of [
      { complete: true, naturalWidth: 640, decodes: true },
      { complete: false, naturalWidth: 0, decodes: false },
      { complete: true, naturalWidth: 0, decodes: true },
    ]) {
      const { image, fired } = imageThat(state);
      await expect(replayMissedError(image, () => false)).resolves.toBe(false);
      expect(fired).toEqual([]);
    }
  });

  it('does not repeat an error that was heard, before or while it looked', async () => {
    const { image, fired } = imageThat({ complete: true, naturalWidth: 0, decodes: false });
    await expect(replayMissedError(image, () => true)).resolves.toBe(false);
    let heard = false;
    const replay = replayMissedError(image, () => heard);
    heard = true;
    await expect(replay).resolves.toBe(false);
    expect(fired).toEqual([]);
  });
});
