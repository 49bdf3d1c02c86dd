import { Column, Entity, OneToMany, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@starborn/database';
import type { ChineseZodiacDto, HeroStatus, PaymentStatus, WesternZodiacDto } from '@starborn/contracts';
import { HeroImage } from './hero-image.entity.js';

@Entity({ name: 'heroes' })
export class Hero {
  /** 32 hex characters, made by the client. */
  @PrimaryColumn({ type: 'char', length: 32 })
  id!: string;

  @Column({ type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'text' })
  name!: string;

  /** A calendar date; kept as text 'YYYY-MM-DD' in TypeScript so no time zone can move it. */
  @Column({ type: 'date' })
  birthdate!: string;

  /** Computed by this service from the birth date (libs/zodiac), never taken from the client. */
  @Column({ type: 'jsonb' })
  western!: WesternZodiacDto;

  @Column({ type: 'jsonb' })
  chinese!: ChineseZodiacDto;

  @Column({ type: 'text', default: 'pending' })
  status!: HeroStatus;

  @Column({ type: 'text', default: 'unpaid' })
  paymentStatus!: PaymentStatus;

  @Column({ type: 'text', nullable: true })
  nftId!: string | null;

  @Column({ type: 'text', nullable: true })
  backstory!: string | null;

  /** Which generation is current: Try Again starts the next one; results of older ones are ignored. */
  @Column({ type: 'int', default: 0 })
  generationAttempt!: number;

  @Column({ type: 'text', nullable: true })
  generationError!: string | null;

  @Column({ type: 'text', nullable: true })
  generatedBy!: string | null;

  /** The art version shown (0 the first art, 1…3 a recreation); `images` are that version's when loaded. */
  @Column({ type: 'int', default: 0 })
  artVersion!: number;

  /** How many recreations of the art are ready (column art_recreations). */
  @Column({ type: 'int', name: 'art_recreations', default: 0 })
  artRecreationsUsed!: number;

  @OneToMany(() => HeroImage, (image) => image.hero)
  images?: HeroImage[];

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
