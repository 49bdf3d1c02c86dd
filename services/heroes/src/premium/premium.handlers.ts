import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { PaymentSucceededEvent } from '@starborn/contracts';
import { OnCommand, OnEvent } from '@starborn/messaging';
import { PremiumService, type HeroOwnerQuery } from './premium.service.js';

@Controller()
export class PremiumHandlers {
  constructor(private readonly premium: PremiumService) {}

  @OnCommand('heroes.set-premium')
  setPremium(@Payload() command: HeroOwnerQuery) {
    return this.premium.setPremium(command);
  }

  @OnCommand('heroes.payment-context')
  paymentContext(@Payload() query: HeroOwnerQuery) {
    return this.premium.paymentContext(query);
  }

  @OnEvent('payment.succeeded')
  paymentSucceeded(@Payload() event: PaymentSucceededEvent) {
    return this.premium.applyPayment(event);
  }
}
