import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/*
 * The command-line checkers of exported books: epubcheck and poppler's pdfinfo, pdftotext and pdffonts
 * (Debian packages `epubcheck` and `poppler-utils`, installed by .ci/run).
 */

const run = promisify(execFile);

async function withFile<T>(
  bytes: Uint8Array,
  extension: string,
  use: (path: string) => Promise<T>,
): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'starborn-book-'));
  const path = join(folder, `book.${extension}`);
  try {
    await writeFile(path, bytes);
    return await use(path);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export interface EpubcheckReport {
  fatals: number;
  errors: number;
  warnings: number;
  /** epubcheck's whole output, to show when a check fails. */
  output: string;
}

/**
 * epubcheck's verdict on an EPUB. Debian installs `epubcheck` as the jar itself (run through
 * binfmt where that is set up), so it is started with `java -jar`, which works either way.
 */
export async function epubcheck(bytes: Uint8Array): Promise<EpubcheckReport> {
  const { stdout: jar } = await run('sh', ['-c', 'readlink -f "$(command -v epubcheck)"']);
  if (!jar.trim()) throw new Error('epubcheck is not installed (Debian package epubcheck)');
  return withFile(bytes, 'epub', async (path) => {
    const result = await run('java', ['-jar', jar.trim(), path], { maxBuffer: 16 << 20 }).then(
      ({ stdout, stderr }) => `${stdout}\n${stderr}`,
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}\n${error.stderr ?? ''}`,
    );
    const counts = /Messages:\s*(\d+) fatals?\s*\/\s*(\d+) errors?\s*\/\s*(\d+) warnings?/.exec(result);
    if (!counts && !/No errors or warnings detected/.test(result)) {
      throw new Error(`epubcheck gave no verdict:\n${result}`);
    }
    return {
      fatals: Number(counts?.[1] ?? 0),
      errors: Number(counts?.[2] ?? 0),
      warnings: Number(counts?.[3] ?? 0),
      output: result,
    };
  });
}

export interface PdfReport {
  pages: number;
  /** Every page's size in points. */
  pageSizes: { width: number; height: number }[];
  /** Every page's text, in order. */
  pageTexts: string[];
  fonts: { name: string; type: string; embedded: boolean }[];
}

/** What poppler reads in a PDF: pages, their sizes and text, and its fonts. */
export function inspectPdf(bytes: Uint8Array): Promise<PdfReport> {
  return withFile(bytes, 'pdf', async (path) => {
    const { stdout: info } = await run('pdfinfo', ['-f', '1', '-l', '100000', path]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    const pageSizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((match) => ({
      width: Number(match[1]),
      height: Number(match[2]),
    }));
    const { stdout: text } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], {
      maxBuffer: 64 << 20,
    });
    const pageTexts = text.split('\f').slice(0, pages);
    const { stdout: fontTable } = await run('pdffonts', [path]);
    const fonts = fontTable
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const [name = '', ...rest] = line.trim().split(/\s+/);
        // Columns from the right: emb sub uni object-number generation.
        const embedded = rest[rest.length - 5] === 'yes';
        return { name, type: rest.slice(0, -6).join(' '), embedded };
      });
    return { pages, pageSizes, pageTexts, fonts };
  });
}
