import yauzl from 'yauzl';

export interface ZipEntry {
  name: string;
  /** 0: stored, 8: deflated. */
  compressionMethod: number;
  extraFieldLength: number;
  /** The entry's content (empty for a directory). */
  bytes: Buffer;
}

/** A zip's entries in the order they are written. */
export function unzipEntries(buffer: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: ZipEntry[] = [];
      const add = (entry: yauzl.Entry, bytes: Buffer) => {
        entries.push({
          name: entry.fileName,
          compressionMethod: entry.compressionMethod,
          extraFieldLength: entry.extraFieldLength,
          bytes,
        });
        zip.readEntry();
      };
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return add(entry, Buffer.alloc(0));
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => add(entry, Buffer.concat(chunks)));
        });
      });
      zip.readEntry();
    });
  });
}

/** Every entry of a zip: name → bytes (directories map to an empty buffer). */
export async function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Map((await unzipEntries(buffer)).map((entry) => [entry.name, entry.bytes]));
}
