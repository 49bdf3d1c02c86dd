import sharp from 'sharp';
import { dHash, hamming, meanHammingDistance } from './image.js';

/** A 90×80 greyscale PNG whose pixel at (x, y) is `shade(x, y)`. */
async function picture(shade: (x: number, y: number) => number): Promise<Buffer> {
  const pixels = Buffer.alloc(90 * 80);
  for (let y = 0; y < 80; y++) for (let x = 0; x < 90; x++) pixels[y * 90 + x] = shade(x, y);
  return sharp(pixels, { raw: { width: 90, height: 80, channels: 1 } })
    .png()
    .toBuffer();
}

describe('image variety measures', () => {
  it('counts differing bits', () => {
    expect(hamming(0n, 0n)).toBe(0);
    expect(hamming(0b1011n, 0b0001n)).toBe(2);
    expect(hamming(0n, (1n << 64n) - 1n)).toBe(64);
  });

  it('averages the distance over every pair', () => {
    expect(meanHammingDistance([])).toBe(0);
    expect(meanHammingDistance([0b1n])).toBe(0);
    // pairs: (0,1)=1, (0,3)=2, (1,3)=1
    expect(meanHammingDistance([0n, 1n, 3n])).toBeCloseTo(4 / 3);
  });

  it('hashes brightness falling to the right as all ones and rising as all zeros', async () => {
    expect(await dHash(await picture((x) => 255 - x * 2))).toBe((1n << 64n) - 1n);
    expect(await dHash(await picture((x) => x * 2))).toBe(0n);
  });

  it('keeps a recoloured copy close and tells a different layout apart', async () => {
    const stripes = (x: number, y: number) => (Math.floor(x / 10) % 2 === 0 ? 40 : 200) + (y % 3);
    const original = await dHash(await picture(stripes));
    const brighter = await dHash(await picture((x, y) => Math.min(255, stripes(x, y) + 30)));
    const rings = await dHash(
      await picture((x, y) => (Math.floor(Math.hypot(x - 45, y - 40) / 7) % 2 === 0 ? 30 : 220)),
    );
    expect(hamming(original, brighter)).toBeLessThanOrEqual(2);
    expect(hamming(original, rings)).toBeGreaterThan(16);
  });
});
