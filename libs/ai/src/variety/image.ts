/**
 * How different pictures look, measured the way near-duplicate detectors do: a 64-bit difference
 * hash (dHash) per image and the Hamming distance between hashes. Two unrelated photos sit around
 * 32 bits apart; recoloured copies of one composition sit far closer, which is what this catches.
 */
import sharp from 'sharp';
import { meanPairwise } from './pairs.js';

/**
 * The image's 64-bit dHash: shrunk to 9×8 greyscale pixels, one bit per horizontal neighbour pair
 * (set when the left pixel is brighter), row by row.
 */
export async function dHash(image: Buffer): Promise<bigint> {
  const pixels = await sharp(image)
    .greyscale()
    .resize(9, 8, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      hash = (hash << 1n) | (pixels[y * 9 + x]! > pixels[y * 9 + x + 1]! ? 1n : 0n);
    }
  }
  return hash;
}

/** The number of bits in which two hashes differ. */
export function hamming(a: bigint, b: bigint): number {
  let diff = a ^ b;
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}

/** The mean Hamming distance over every pair of hashes (0 when there is no pair). */
export const meanHammingDistance = (hashes: readonly bigint[]): number => meanPairwise(hashes, hamming);
