import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ShareCardContent } from '@starborn/contracts';
import type { ObjectStorage } from '@starborn/storage';
import { OBJECT_STORAGE } from '../media/media.tokens.js';
import { renderShareCard } from './share-card.js';

/**
 * Share cards, rendered once and kept in object storage under the key heroes names for what the card
 * shows. Requests for a card being rendered wait for that render; two gateways rendering the same card
 * at once store the same bytes (a render is deterministic).
 */
@Injectable()
export class ShareCards {
  private readonly logger = new Logger(ShareCards.name);
  readonly #inFlight = new Map<string, Promise<Buffer>>();

  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  png(card: ShareCardContent): Promise<Buffer> {
    let card$ = this.#inFlight.get(card.storageKey);
    if (!card$) {
      card$ = this.#storedOrRendered(card).finally(() => this.#inFlight.delete(card.storageKey));
      this.#inFlight.set(card.storageKey, card$);
    }
    return card$;
  }

  async #storedOrRendered(card: ShareCardContent): Promise<Buffer> {
    const stored = await this.#read(card.storageKey);
    if (stored) return stored;
    const png = await renderShareCard({
      name: card.name,
      westernSign: card.westernSign,
      chineseSign: card.chineseSign,
      // A hero without its portrait (missing from storage) still gets a card with its name and signs.
      portrait: card.portraitKey ? await this.#read(card.portraitKey) : undefined,
    });
    // Served even if storing fails: the next request renders it again.
    await this.storage
      .put(card.storageKey, png, 'image/png')
      .catch((error: unknown) => this.logger.warn(`Could not store ${card.storageKey}: ${String(error)}`));
    return png;
  }

  async #read(key: string): Promise<Buffer | undefined> {
    const object = await this.storage.get(key);
    return object ? Buffer.concat(await object.body.toArray()) : undefined;
  }
}
