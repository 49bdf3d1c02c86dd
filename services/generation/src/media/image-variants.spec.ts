import type { ObjectStorage } from '@starborn/storage';
import sharp from 'sharp';
import { renderHeroVariants, renderIllustrationVariants, storeImageVariants } from './image-variants.js';

/** A picture with detail in it (gradients), so encoders have something to keep. */
async function picture(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      raw[at] = Math.floor((x * 255) / width);
      raw[at + 1] = Math.floor((y * 255) / height);
      raw[at + 2] = (x * y) & 0xff;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** What a stored file really is: its format and pixel size. */
async function described(body: Buffer) {
  const { format, width, height, compression } = await sharp(body).metadata();
  // sharp reports AVIF as a HEIF container with AV1 compression.
  return { format: format === 'heif' && compression === 'av1' ? 'avif' : format, width, height };
}

describe('renderHeroVariants', () => {
  it('keeps the full portrait as it is and reduces the preview to 512 px, as PNG and WebP', async () => {
    const png = await picture(1024, 1024);
    const variants = await renderHeroVariants(png, 0);
    expect(variants.fullPng.equals(png)).toBe(true);
    expect(await described(variants.fullWebp)).toEqual({ format: 'webp', width: 1024, height: 1024 });
    expect(await described(variants.previewPng)).toEqual({ format: 'png', width: 512, height: 512 });
    expect(await described(variants.previewWebp)).toEqual({ format: 'webp', width: 512, height: 512 });
  });
});

describe('the watermark', () => {
  /** The share of pixels of the preview that differ visibly from a plain reduction of the picture. */
  async function marked(png: Buffer, preview: Buffer, size: number) {
    const plain = await sharp(png).resize(size, size).removeAlpha().raw().toBuffer();
    const shown = await sharp(preview).removeAlpha().raw().toBuffer();
    let differing = 0;
    for (let at = 0; at < plain.length; at += 3) {
      const delta = Math.max(...[0, 1, 2].map((c) => Math.abs(plain[at + c]! - shown[at + c]!)));
      if (delta > 24) differing++;
    }
    return differing / (plain.length / 3);
  }

  it('is burned into every preview, the same on each (drawn once, kept)', async () => {
    const png = await picture(1024, 1024);
    const [first, again] = [await renderHeroVariants(png, 0), await renderHeroVariants(png, 0)];
    const share = await marked(png, first.previewPng, 512);
    expect(share).toBeGreaterThan(0.03);
    expect(share).toBeLessThan(0.6);
    expect(again.previewPng.equals(first.previewPng)).toBe(true);
  });
});

describe('renderIllustrationVariants', () => {
  it('reduces a 1200×800 illustration to a 600×400 preview, keeping its shape', async () => {
    const variants = await renderIllustrationVariants(await picture(1200, 800), { width: 1200, height: 800 });
    expect(await described(variants.fullWebp)).toEqual({ format: 'webp', width: 1200, height: 800 });
    expect(await described(variants.previewPng)).toEqual({ format: 'png', width: 600, height: 400 });
  });
});

describe('storeImageVariants', () => {
  it('puts every variant under its key with its content type', async () => {
    const variants = await renderIllustrationVariants(await picture(1200, 800), { width: 1200, height: 800 });
    const puts: [string, string, Buffer][] = [];
    const storage = {
      put: async (key: string, body: Buffer, type: string) => void puts.push([key, type, body]),
    } as unknown as ObjectStorage;
    await storeImageVariants(storage, { fullKey: 's/1/full', previewKey: 's/1/preview' }, variants);
    expect(puts.map(([key, type]) => `${key} ${type}`).sort()).toEqual([
      's/1/full.png image/png',
      's/1/full.webp image/webp',
      's/1/preview.png image/png',
      's/1/preview.webp image/webp',
    ]);
    const stored = (key: string) => puts.find(([k]) => k === key)![2];
    expect(stored('s/1/preview.webp').equals(variants.previewWebp)).toBe(true);
  });
});
