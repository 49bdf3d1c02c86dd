import { Controller, Get, Inject, Logger, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { MessageBus, RemoteError } from '@starborn/messaging';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/jwt-auth.guard.js';
import { GATEWAY_CONFIG, publicOrigin, type GatewayConfig } from '../config.js';
import { SpaFallback } from '../http/spa-fallback.js';
import { CARD_HEIGHT, CARD_WIDTH } from './share-card.js';

/**
 * GET /share/<id>: the web app's page of a shared hero, with the hero's link preview in the HTML
 * itself (name, signs, card image), since previewers do not run the app. An inactive or unknown link
 * gets the site's defaults and a 404; the app then shows its own message.
 */
@ApiExcludeController()
@Controller('share')
export class SharePageController {
  private readonly logger = new Logger(SharePageController.name);
  private readonly origin: string;

  constructor(
    private readonly bus: MessageBus,
    private readonly spa: SpaFallback,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.origin = publicOrigin(config);
  }

  @Public()
  @Get(':shareId')
  async page(@Param('shareId') shareId: string, @Res() reply: FastifyReply): Promise<void> {
    if (!this.spa.available) throw new NotFoundException();
    let preview;
    try {
      preview = await this.bus.request('heroes.share-preview', { shareId });
    } catch (error) {
      if (error instanceof RemoteError && error.status === 404) return this.spa.sendPage(reply, 404);
      // The page still loads; the app reports what its own request meets.
      this.logger.warn(`Share page ${shareId} without its preview: ${(error as Error).message}`);
      return this.spa.sendPage(reply, 503);
    }
    this.spa.sendPage(reply, 200, {
      title: preview.title,
      documentTitle: `${preview.title} | Starborn`,
      description: preview.description,
      image: new URL(preview.cardPath, this.origin).href,
      imageWidth: CARD_WIDTH,
      imageHeight: CARD_HEIGHT,
      imageAlt: preview.description,
      url: new URL(`/share/${encodeURIComponent(shareId)}`, this.origin).href,
      card: 'summary_large_image',
    });
  }
}
