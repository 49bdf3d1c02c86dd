import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type {
  CreateShareCommand,
  DeactivateShareCommand,
  ListSharesQuery,
  OpenShareQuery,
} from '@starborn/contracts';
import { OnCommand } from '@starborn/messaging';
import { SharesService } from './shares.service.js';

@Controller()
export class SharesHandlers {
  constructor(private readonly shares: SharesService) {}

  @OnCommand('heroes.share-create')
  create(@Payload() command: CreateShareCommand) {
    return this.shares.create(command);
  }

  @OnCommand('heroes.share-open')
  open(@Payload() query: OpenShareQuery) {
    return this.shares.open(query);
  }

  @OnCommand('heroes.shares-list')
  list(@Payload() query: ListSharesQuery) {
    return this.shares.list(query.userId);
  }

  @OnCommand('heroes.share-deactivate')
  deactivate(@Payload() command: DeactivateShareCommand) {
    return this.shares.deactivate(command);
  }
}
