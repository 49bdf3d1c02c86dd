import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { HERO_ID_PATTERN, PAYMENT_TYPES, type PaymentType } from '@starborn/contracts';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { RequiredText } from '../http/required-text.js';

const HERO_ID_MESSAGE = 'The hero id must be 32 lowercase hexadecimal characters.';

/** A field clients may send that the server does not use; its type is still checked (400 otherwise). */
const AcceptedButIgnored = (why: string, checkType: PropertyDecorator) =>
  applyDecorators(
    ApiPropertyOptional({ description: `Accepted but IGNORED: ${why}` }),
    IsOptional(),
    checkType,
  );

export class PaymentsConfigResponse {
  @ApiProperty({
    enum: ['local', 'stripe'],
    description: "'local': the offline card form; 'stripe': Stripe Elements",
  })
  provider!: 'local' | 'stripe';
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Stripe publishable key (pk_…) when provider is stripe',
  })
  publishableKey!: string | null;
  @ApiProperty({ enum: ['usd'] }) currency!: 'usd';
}

export class CheckoutQuoteParams {
  @ApiProperty({ example: '0f8fad5bd9cb469fa165370c3b4d5a6e' })
  @IsString({ message: HERO_ID_MESSAGE })
  @Matches(HERO_ID_PATTERN, { message: HERO_ID_MESSAGE })
  heroId!: string;

  @ApiPropertyOptional({ enum: PAYMENT_TYPES, default: 'premium_upgrade' })
  @IsOptional()
  @IsIn(PAYMENT_TYPES as PaymentType[], { message: 'The payment type must be premium_upgrade or chapters.' })
  paymentType?: PaymentType;
}

export class CheckoutQuoteResponse {
  @ApiProperty({ enum: PAYMENT_TYPES }) paymentType!: PaymentType;
  @ApiProperty({ example: 399, description: 'USD cents' }) amount!: number;
  @ApiProperty({ enum: ['usd'] }) currency!: 'usd';
  @ApiProperty({ example: 'Premium Hero Upgrade' }) label!: string;
}

export class CreatePaymentIntentBody {
  @ApiProperty({ example: '0f8fad5bd9cb469fa165370c3b4d5a6e' })
  @IsString({ message: HERO_ID_MESSAGE })
  @Matches(HERO_ID_PATTERN, { message: HERO_ID_MESSAGE })
  heroId!: string;

  @ApiPropertyOptional({
    enum: PAYMENT_TYPES,
    default: 'premium_upgrade',
    description: "What is bought; `unlockChapters: true` means 'chapters'",
  })
  @IsOptional()
  @IsIn(PAYMENT_TYPES as PaymentType[], { message: 'The payment type must be premium_upgrade or chapters.' })
  paymentType?: PaymentType;

  @ApiPropertyOptional({ description: "true buys chapters (same as paymentType 'chapters')" })
  @IsOptional()
  @IsBoolean({ message: 'unlockChapters must be true or false' })
  unlockChapters?: boolean;

  @ApiPropertyOptional({
    example: '0x0000000000000000000000000000000000000000',
    description: 'Optional: 0x followed by 40 hexadecimal characters (checked by the payments service)',
  })
  @IsOptional()
  @IsString({ message: 'Please enter a valid wallet address (0x followed by 40 hexadecimal characters).' })
  @MaxLength(200)
  walletAddress?: string | null;

  @ApiPropertyOptional({ description: 'Receipt email (optional)' })
  @IsOptional()
  @IsString({ message: 'Please enter a valid email address' })
  @MaxLength(320)
  email?: string;

  @AcceptedButIgnored(
    'the amount always comes from the server price table',
    IsNumber({}, { message: 'amount must be a number' }),
  )
  amount?: number;

  @AcceptedButIgnored("the currency is always 'usd'", IsString({ message: 'currency must be text' }))
  currency?: string;

  @AcceptedButIgnored(
    'test or live mode is decided by the server configuration',
    IsBoolean({ message: 'is_test must be true or false' }),
  )
  is_test?: boolean;
}

export class CreatePaymentIntentResponse {
  @ApiProperty({
    description: 'Give it to Stripe.js (stripe) or to POST /api/payments/local/confirm (local)',
  })
  clientSecret!: string;
  @ApiProperty() paymentIntentId!: string;
  @ApiProperty({ example: 399, description: 'USD cents, from the server price table' }) amount!: number;
  @ApiProperty({ enum: ['usd'] }) currency!: 'usd';
  @ApiProperty({ enum: ['local', 'stripe'] }) provider!: 'local' | 'stripe';
  @ApiProperty({ enum: PAYMENT_TYPES }) paymentType!: PaymentType;
}

export class LocalCardBody {
  @ApiProperty({ example: '4242 4242 4242 4242' })
  @RequiredText('Please enter your card number.')
  @MaxLength(40)
  number!: string;

  @ApiProperty({ example: 12, minimum: 1, maximum: 12 })
  @Type(() => Number)
  @IsInt({ message: "Your card's expiration date is invalid." })
  expMonth!: number;

  @ApiProperty({ example: 2030, description: 'Four digits (two are read as 20YY)' })
  @Type(() => Number)
  @IsInt({ message: "Your card's expiration date is invalid." })
  expYear!: number;

  @ApiProperty({ example: '123' })
  @RequiredText("Your card's security code is invalid.")
  @MaxLength(8)
  cvc!: string;
}

export class ConfirmLocalPaymentBody {
  @ApiProperty({ description: 'From POST /api/create-payment-intent' })
  @RequiredText('The client secret is required.')
  @MaxLength(300)
  clientSecret!: string;

  @ApiProperty({ type: LocalCardBody, description: "Stripe's test cards behave as in Stripe test mode" })
  @IsDefined({ message: 'Please enter your card details.' })
  @ValidateNested()
  @Type(() => LocalCardBody)
  card!: LocalCardBody;
}

export class PaymentIntentResponse {
  @ApiProperty() id!: string;
  @ApiProperty() clientSecret!: string;
  @ApiProperty({ enum: ['local', 'stripe'] }) provider!: string;
  @ApiProperty() amount!: number;
  @ApiProperty({ enum: ['usd'] }) currency!: string;
  @ApiProperty({ enum: PAYMENT_TYPES }) paymentType!: string;
  @ApiProperty() heroId!: string;
  @ApiProperty({ enum: ['requires_payment_method', 'processing', 'succeeded', 'canceled', 'failed'] })
  status!: string;
}

export class WebhookResponse {
  @ApiProperty({ example: true }) received!: boolean;
}
