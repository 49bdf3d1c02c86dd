import { crc32, deflateSync } from 'node:zlib';

/**
 * A PNG of one colour (8-bit RGB), written with Node's zlib alone: the fakes answer image requests
 * with a real picture without needing an image library.
 */
export function solidPng(width: number, height: number, color: string): Buffer {
  const rgb = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!rgb) throw new Error(`A colour is #rrggbb, got ${JSON.stringify(color)}`);
  if (!(Number.isInteger(width) && width > 0 && Number.isInteger(height) && height > 0)) {
    throw new Error(`A PNG needs a positive whole width and height, got ${width}×${height}`);
  }
  const pixel = rgb.slice(1).map((hex) => parseInt(hex, 16));
  // Each row: filter type 0 (none), then its pixels.
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(pixel, 1 + x * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}
