import type { Readable } from 'node:stream';

/** Reads a stream to the end. Test helper; not exported from the package. */
export async function readAll(stream: Readable | NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks);
}

/** 64 KiB of every byte value, including CR/LF and bytes that are not UTF-8. */
export function binaryFixture(size = 64 * 1024): Buffer {
  const buf = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) buf[i] = (i * 7 + (i >> 8)) & 0xff;
  return buf;
}

export const TRAVERSAL_KEYS = [
  '../x',
  '/etc/passwd',
  'a//b',
  'a\\b',
  'a/../../b',
  '',
  '..',
  'a/./b',
  'a/b/',
  'a\0b',
  '..\\..\\windows',
  'C:/x',
] as const;
