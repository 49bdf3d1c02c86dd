import sharp from 'sharp';

/** A busy RGBA picture: soft colour waves with grain, seeded, as a PNG. */
export function picture(width, height, seed) {
  const data = Buffer.alloc(width * height * 4);
  let random = seed * 7919;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      random = (random * 1103515245 + 12345) & 0x7fffffff;
      const grain = (random >> 16) % 24;
      const i = (y * width + x) * 4;
      data[i] = (128 + 100 * Math.sin(x / 53 + seed) + grain) & 255;
      data[i + 1] = (128 + 90 * Math.sin(y / 37 + x / 91) + grain) & 255;
      data[i + 2] = (128 + 80 * Math.cos((x + y) / 71 + seed) + grain) & 255;
      data[i + 3] = 255;
    }
  }
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
