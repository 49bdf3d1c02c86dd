import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { CreateSupportRequestCommand } from '@starborn/contracts';
import { OnCommand } from '@starborn/messaging';
import { SupportService } from './support.service.js';

@Controller()
export class SupportHandlers {
  constructor(private readonly support: SupportService) {}

  @OnCommand('auth.create-support-request')
  create(@Payload() command: CreateSupportRequestCommand) {
    return this.support.create(command);
  }
}
