import { Logger } from '@nestjs/common';
import {
  ALL_MEDIA_WIDTHS,
  SIZED_ENCODING,
  parseSizedKey,
  type ObjectStorage,
  type StoredObject,
} from '@starborn/storage';
import sharp from 'sharp';

/**
 * The AVIF and WebP renderings of a picture at the widths pages show it at: the first request for one
 * resizes the stem's PNG once, stores the result beside it and serves it; later requests read the
 * stored file. Generation stores only the PNG and WebP at full size (encoding every width as AVIF would
 * take seconds per hero), so each rendering costs once, when someone first looks at it. Only the widths
 * of the media ladders are made, so a signed link cannot fill storage with arbitrary sizes.
 */
export class SizedVariants {
  readonly #logger = new Logger(SizedVariants.name);
  /** Renders under way, so concurrent requests for one missing variant make it once. */
  readonly #inFlight = new Map<string, Promise<Buffer | undefined>>();

  constructor(private readonly storage: ObjectStorage) {}

  /** The stored object, or for a missing sized variant of a stored image, the one made now. */
  async get(key: string): Promise<StoredObject | Buffer | undefined> {
    const stored = await this.storage.get(key).catch(() => undefined);
    if (stored) return stored;
    const sized = parseSizedKey(key);
    if (!sized || !ALL_MEDIA_WIDTHS.includes(sized.width)) return undefined;
    let render = this.#inFlight.get(key);
    if (!render) {
      render = this.#render(key, sized).finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, render);
    }
    return render;
  }

  async #render(
    key: string,
    { stem, width, format }: NonNullable<ReturnType<typeof parseSizedKey>>,
  ): Promise<Buffer | undefined> {
    const source = await this.storage.get(`${stem}.png`).catch(() => undefined);
    if (!source) return undefined;
    const png = Buffer.concat(await source.body.toArray());
    const resized = sharp(png).resize({ width, withoutEnlargement: true });
    const body = await (
      format === 'avif' ? resized.avif(SIZED_ENCODING.avif) : resized.webp(SIZED_ENCODING.webp)
    ).toBuffer();
    // Served even if storing fails: the next request simply renders it again.
    await this.storage
      .put(key, body, `image/${format}`)
      .catch((error: unknown) => this.#logger.warn(`Could not store ${key}: ${String(error)}`));
    return body;
  }
}
