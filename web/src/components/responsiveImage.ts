/** One rendering of a picture and its width in pixels, for a srcset. */
export interface SizedSource {
  width: number;
  url: string;
}

/** The AVIF and WebP renderings of one picture, each at several widths. */
export interface ResponsiveSources {
  avif: SizedSource[];
  webp: SizedSource[];
}

const PNG_EXTENSION = /\.png(?=([?#].*)?$)/i;

/**
 * The sized renderings of a signed media link: its `.png` replaced by `.w<width>.avif` or
 * `.w<width>.webp` (one signature serves every format and width of the picture). Null when the
 * server listed no widths (an older server) or the link is not a PNG: the page then shows the file
 * itself.
 */
export function mediaSources(url: string, widths: readonly number[] | undefined): ResponsiveSources | null {
  if (!widths?.length || !PNG_EXTENSION.test(url)) return null;
  const sized = (format: 'avif' | 'webp') =>
    [...widths]
      .sort((a, b) => a - b)
      .map((width) => ({ width, url: url.replace(PNG_EXTENSION, `.w${width}.${format}`) }));
  return { avif: sized('avif'), webp: sized('webp') };
}

/** 'a.avif 320w, b.avif 640w'. */
export function srcSetOf(sources: readonly SizedSource[]): string {
  return sources.map(({ url, width }) => `${url} ${width}w`).join(', ');
}

/**
 * The `sizes` of each place a picture is shown, from its CSS: the page's side padding is
 * clamp(16px, 4vw, 32px), so 32px in all on a phone.
 */
export const IMAGE_SIZES = {
  /** The hero gallery's large picture: the page's width up to 900px, then its 1.05fr column (≤ 560px). */
  heroGallery: '(max-width: 900px) calc(100vw - 32px), 560px',
  /** The gallery's three thumbnails, 12px apart, under the large picture. */
  heroThumb: '(max-width: 900px) calc((100vw - 56px) / 3), 180px',
  /** A chapter's illustration: at most 600px wide. */
  chapterIllustration: '(max-width: 632px) calc(100vw - 32px), 600px',
  /** The landing page's example cards: one column up to 900px (≤ 520px), then three of ≤ 360px. */
  exampleHero: '(max-width: 900px) min(520px, calc(100vw - 32px)), 360px',
} as const;

/**
 * Whether a picture's failed load was of another rendering than its original file (an expired sized
 * link, a missing .webp sibling), so the original is still worth loading. `failedUrl` is the image's
 * currentSrc (absolute); `src` is resolved against the document's base to compare.
 */
export function failedOnOtherFormat(failedUrl: string, src: string, baseUri: string): boolean {
  return failedUrl !== new URL(src, baseUri).href;
}

/** What replayMissedError needs of an <img>. */
export type LoadedImage = Pick<HTMLImageElement, 'complete' | 'naturalWidth' | 'decode' | 'dispatchEvent'>;

/**
 * A prerendered page's image can fail before the page hydrates, while nothing listens for its error:
 * fires that error again at the image, once hydrated, so the fallback still runs. Not when an error was
 * already handled (`handled()`): an image the app created itself reports its own, as the browser marks
 * it broken and fires the event in the same task. True when it fired one.
 */
export async function replayMissedError(image: LoadedImage, handled: () => boolean): Promise<boolean> {
  if (!image.complete || image.naturalWidth > 0 || handled()) return false;
  // Complete without a width: broken, or an SVG without a size of its own, which decodes.
  const broken = await image.decode().then(
    () => false,
    () => true,
  );
  if (!broken || handled()) return false;
  image.dispatchEvent(new Event('error'));
  return true;
}
