import type { ObjectStorage } from '@starborn/storage';
import sharp from 'sharp';
import {
  renderHeroVariants,
  renderIllustrationVariants,
  renderSizedVariants,
  storeImageVariants,
  type SizedVariant,
} from './image-variants.js';

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

const ladderOf = (variants: SizedVariant[]) => variants.map(({ width, format }) => `${width}.${format}`);

describe('renderSizedVariants', () => {
  it('renders every width as AVIF and WebP, reduced but never enlarged', async () => {
    const variants = await renderSizedVariants(await picture(512, 256), [320, 640]);
    expect(ladderOf(variants)).toEqual(['320.avif', '320.webp', '640.avif', '640.webp']);
    expect(await Promise.all(variants.map((variant) => described(variant.body)))).toEqual([
      { format: 'avif', width: 320, height: 160 },
      { format: 'webp', width: 320, height: 160 },
      { format: 'avif', width: 512, height: 256 },
      { format: 'webp', width: 512, height: 256 },
    ]);
  });
});

describe('renderHeroVariants', () => {
  it('stores the full portrait at 320, 640 and 1024 and the 512 preview at 320 and 640 (its own size)', async () => {
    const png = await picture(1024, 1024);
    const variants = await renderHeroVariants(png, 0);
    expect(ladderOf(variants.fullSized)).toEqual([
      '320.avif',
      '320.webp',
      '640.avif',
      '640.webp',
      '1024.avif',
      '1024.webp',
    ]);
    expect(ladderOf(variants.previewSized)).toEqual(['320.avif', '320.webp', '640.avif', '640.webp']);
    expect(await described(variants.previewSized[2]!.body)).toEqual({
      format: 'avif',
      width: 512,
      height: 512,
    });
    // The sized preview is made from the watermarked preview, not from the full picture.
    const fromPreview = await renderSizedVariants(variants.previewPng, [320]);
    expect(variants.previewSized[0]!.body.equals(fromPreview[0]!.body)).toBe(true);
    // The AVIF at the gallery's width is far smaller than the full PNG it replaces.
    const avif640 = variants.fullSized.find((variant) => variant.width === 640 && variant.format === 'avif')!;
    expect(avif640.body.length).toBeLessThan(png.length / 4);
  });
});

describe('renderIllustrationVariants', () => {
  it('stores a 1200-wide illustration at 600 and 1200, and its 600-wide preview at 600', async () => {
    const variants = await renderIllustrationVariants(await picture(1200, 800), { width: 1200, height: 800 });
    expect(ladderOf(variants.fullSized)).toEqual(['600.avif', '600.webp', '1200.avif', '1200.webp']);
    expect(ladderOf(variants.previewSized)).toEqual(['600.avif', '600.webp']);
    expect(await described(variants.fullSized[0]!.body)).toEqual({ format: 'avif', width: 600, height: 400 });
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
      's/1/full.w1200.avif image/avif',
      's/1/full.w1200.webp image/webp',
      's/1/full.w600.avif image/avif',
      's/1/full.w600.webp image/webp',
      's/1/full.webp image/webp',
      's/1/preview.png image/png',
      's/1/preview.w600.avif image/avif',
      's/1/preview.w600.webp image/webp',
      's/1/preview.webp image/webp',
    ]);
    const stored = (key: string) => puts.find(([k]) => k === key)![2];
    expect(stored('s/1/preview.w600.avif').equals(variants.previewSized[0]!.body)).toBe(true);
  });
});
