import { HERO_PREVIEW_SIZE, ILLUSTRATION_PREVIEW_WIDTH, type ObjectStorage } from '@starborn/storage';
import sharp, { type CreateRaw } from 'sharp';

/**
 * One image stored as full quality and preview, each as PNG and WebP at its own size. The AVIF and WebP
 * renderings at the widths pages show (`<stem>.w<width>.<format>`) are not made here: the gateway makes
 * each the first time it is asked for and keeps it (see services/gateway/src/media/sized-variants.ts),
 * so generation stays as fast as before and no rendering is made that nobody looks at.
 */
export interface ImageVariants {
  fullPng: Buffer;
  fullWebp: Buffer;
  previewPng: Buffer;
  previewWebp: Buffer;
}

/** Stores every variant under the image's two stems (each a key without extension). */
export async function storeImageVariants(
  storage: ObjectStorage,
  keys: { fullKey: string; previewKey: string },
  variants: ImageVariants,
): Promise<void> {
  // Every write settles before a failure is reported: a caller that cleans up after a failure (its
  // subject deleted meanwhile) must not have writes still landing behind it.
  const results = await Promise.allSettled([
    storage.put(`${keys.fullKey}.png`, variants.fullPng, 'image/png'),
    storage.put(`${keys.fullKey}.webp`, variants.fullWebp, 'image/webp'),
    storage.put(`${keys.previewKey}.png`, variants.previewPng, 'image/png'),
    storage.put(`${keys.previewKey}.webp`, variants.previewWebp, 'image/webp'),
  ]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

export interface PreviewOptions {
  /** The preview's size in pixels (the image is reduced to it). */
  width: number;
  height: number;
  /** The words burned across the preview. */
  watermark: string;
  /** Blurs the preview too (sigma), so it shows only what the picture is like. */
  blur?: number;
}

/** The watermark burned into every preview, so a screenshot of a preview is still a preview. */
function watermarkSvg(width: number, height: number, text: string): Buffer {
  const size = Math.min(width, height);
  const rows = [0.2, 0.5, 0.8]
    .map(
      (y) =>
        `<text x="50%" y="${Math.round(y * height)}" text-anchor="middle" dominant-baseline="middle"
          font-family="sans-serif" font-weight="700" font-size="${Math.round(size / 11)}" letter-spacing="${Math.round(size / 60)}"
          fill="#ffffff" fill-opacity="0.42" stroke="#000000" stroke-opacity="0.25" stroke-width="2"
          transform="rotate(-24 ${width / 2} ${Math.round(y * height)})">${text}</text>`,
    )
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rows}</svg>`,
  );
}

/**
 * Each watermark (size and words) is drawn once per process and kept as pixels: drawing its text cost
 * about as much as the rest of a preview. There are a handful (the hero's two, the illustration's).
 */
const watermarks = new Map<string, Promise<{ input: Buffer; raw: CreateRaw }>>();
function watermark(width: number, height: number, text: string) {
  const key = `${width}x${height}:${text}`;
  let drawn = watermarks.get(key);
  if (!drawn) {
    drawn = sharp(watermarkSvg(width, height, text))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({
        input: data,
        raw: { width: info.width, height: info.height, channels: 4 as const },
      }));
    drawn.catch(() => watermarks.delete(key));
    watermarks.set(key, drawn);
  }
  return drawn;
}

/**
 * Every stored picture exists as full quality (PNG and WebP) for paid owners, and a preview for
 * everyone else, reduced, watermarked and (when asked) blurred.
 */
export async function renderImageVariants(png: Buffer, preview: PreviewOptions): Promise<ImageVariants> {
  // Decoded once: both variants start from the same pixels.
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: info });
  const reduced = pixels().resize(preview.width, preview.height);
  const base = preview.blur ? reduced.blur(preview.blur) : reduced;
  const mark = await watermark(preview.width, preview.height, preview.watermark);
  const [previewPng, fullWebp] = await Promise.all([
    base.composite([mark]).png({ compressionLevel: 4 }).toBuffer(),
    // Effort 1 of 6: a third of the default's encoding time, for files still far smaller than the PNG.
    pixels().webp({ quality: 86, effort: 1 }).toBuffer(),
  ]);
  const previewWebp = await sharp(previewPng).webp({ quality: 80, effort: 2 }).toBuffer();
  return { fullPng: png, fullWebp, previewPng, previewWebp };
}

/** A hero's image: the first reduced with the watermark, the others also blurred. */
export function renderHeroVariants(png: Buffer, position: number): Promise<ImageVariants> {
  return renderImageVariants(png, {
    width: HERO_PREVIEW_SIZE,
    height: HERO_PREVIEW_SIZE,
    watermark: position === 0 ? 'PREVIEW' : 'UNLOCK FULL QUALITY',
    ...(position === 0 ? {} : { blur: 14 }),
  });
}

/** A chapter illustration's preview: reduced to ILLUSTRATION_PREVIEW_WIDTH (keeping its shape) and watermarked, not blurred. */
export function renderIllustrationVariants(
  png: Buffer,
  size: { width: number; height: number },
): Promise<ImageVariants> {
  const width = Math.min(ILLUSTRATION_PREVIEW_WIDTH, size.width);
  return renderImageVariants(png, {
    width,
    height: Math.round((size.height * width) / size.width),
    watermark: 'PREVIEW',
  });
}
