import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { DownloadQuery } from '@starborn/contracts';
import { OnCommand } from '@starborn/messaging';
import { DownloadService } from './download.service.js';

@Controller()
export class DownloadHandlers {
  constructor(private readonly downloads: DownloadService) {}

  @OnCommand('heroes.download-manifest')
  manifest(@Payload() query: DownloadQuery) {
    return this.downloads.manifest(query);
  }
}
