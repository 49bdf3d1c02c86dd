import sharp from 'sharp';

export interface HeroImageVariants {
  fullPng: Buffer;
  fullWebp: Buffer;
  previewPng: Buffer;
  previewWebp: Buffer;
}

const PREVIEW_SIZE = 512;

/** The watermark burned into every preview, so a screenshot of a preview is still a preview. */
function watermark(size: number, text: string): Buffer {
  const rows = [0.2, 0.5, 0.8]
    .map(
      (y) =>
        `<text x="50%" y="${Math.round(y * size)}" text-anchor="middle" dominant-baseline="middle"
          font-family="sans-serif" font-weight="700" font-size="${Math.round(size / 11)}" letter-spacing="${Math.round(size / 60)}"
          fill="#ffffff" fill-opacity="0.42" stroke="#000000" stroke-opacity="0.25" stroke-width="2"
          transform="rotate(-24 ${size / 2} ${Math.round(y * size)})">${text}</text>`,
    )
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${rows}</svg>`,
  );
}

/**
 * Every image is stored four ways: full quality (PNG and WebP) for paid owners, and a preview for
 * everyone else — the first image reduced with the watermark, the others also blurred.
 */
export async function renderHeroVariants(png: Buffer, position: number): Promise<HeroImageVariants> {
  const reduced = sharp(png).resize(PREVIEW_SIZE, PREVIEW_SIZE);
  const base = position === 0 ? reduced : reduced.blur(14);
  const previewPng = await base
    .composite([{ input: watermark(PREVIEW_SIZE, position === 0 ? 'PREVIEW' : 'UNLOCK FULL QUALITY') }])
    .png({ compressionLevel: 6 })
    .toBuffer();
  const [fullWebp, previewWebp] = await Promise.all([
    sharp(png).webp({ quality: 86 }).toBuffer(),
    sharp(previewPng).webp({ quality: 80 }).toBuffer(),
  ]);
  return { fullPng: png, fullWebp, previewPng, previewWebp };
}
