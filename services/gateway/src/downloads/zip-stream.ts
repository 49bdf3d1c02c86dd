import type { Logger } from '@nestjs/common';
import type { DownloadEntry } from '@starborn/contracts';
import type { ObjectStorage, StoredObject } from '@starborn/storage';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import yazl from 'yazl';

/** One file of a zip: a stored object opened for reading, or bytes made on the spot. */
export type ZipFile =
  | { path: string; object: StoredObject; bytes?: undefined }
  | {
      path: string;
      bytes: Buffer;
      /** False for formats compressed already (PNG, EPUB, PDF). */
      compress?: boolean;
      object?: undefined;
    };

/** Ends the reading of every stored object among the files. */
export function closeFiles(files: readonly ZipFile[]): void {
  for (const file of files) file.object?.body.destroy();
}

/**
 * The entries as zip files, every stored one opened before anything is answered, so a missing file is a
 * clean error rather than a broken zip. On a failure, what was opened is closed and the error thrown.
 */
export async function openStoredFiles(
  storage: ObjectStorage,
  entries: readonly DownloadEntry[],
): Promise<ZipFile[]> {
  const files: ZipFile[] = [];
  try {
    for (const entry of entries) {
      if (entry.storageKey === undefined) {
        files.push({ path: entry.path, bytes: Buffer.from(entry.text ?? '', 'utf8') });
        continue;
      }
      const object = await storage.get(entry.storageKey);
      if (!object) throw new Error(`missing object ${entry.storageKey}`);
      files.push({ path: entry.path, object });
    }
    return files;
  } catch (error) {
    closeFiles(files);
    throw error;
  }
}

export interface ZipAttachment {
  fileName: string;
  files: readonly ZipFile[];
  directories?: readonly string[];
  /** Names the download in the log when a stream fails halfway. */
  description: string;
}

/**
 * Answers the files as a zip attachment, streamed: stored objects go from storage to the client without
 * being held whole. A storage stream failing halfway aborts the response (the client sees a failed
 * download, not a bad zip); a client going away closes the stored objects.
 */
export async function sendZip(reply: FastifyReply, logger: Logger, attachment: ZipAttachment): Promise<void> {
  const { files } = attachment;
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  for (const file of files) {
    if (file.object) {
      // Stored media are PNGs, compressed already: stored as they are.
      zip.addReadStream(file.object.body, file.path, {
        mtime,
        compress: false,
        size: file.object.contentLength,
      });
    } else {
      zip.addBuffer(file.bytes, file.path, { mtime, compress: file.compress ?? true });
    }
  }
  for (const directory of attachment.directories ?? []) zip.addEmptyDirectory(directory, { mtime });
  zip.end();
  const output = zip.outputStream as Readable;

  zip.on('error', (error: Error) => {
    logger.error(`Zip stream of ${attachment.description} failed: ${error.message}`);
    closeFiles(files);
    output.destroy(error);
  });
  reply.raw.on('close', () => closeFiles(files));

  await reply
    .status(200)
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${attachment.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(output);
}
