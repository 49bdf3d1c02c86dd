import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { ImageAngle } from '@starborn/contracts';
import { Hero } from './hero.entity.js';

@Entity({ name: 'hero_images' })
export class HeroImage {
  @PrimaryColumn({ type: 'char', length: 32 })
  heroId!: string;

  /** The art version the image belongs to: 0 the first art, 1…3 a recreation. */
  @PrimaryColumn({ type: 'int', default: 0 })
  version!: number;

  @PrimaryColumn({ type: 'text' })
  angle!: ImageAngle;

  /** 0, 1, 2: front (the avatar), profile, action. */
  @Column({ type: 'int' })
  position!: number;

  @Column({ type: 'text' })
  prompt!: string;

  /** Storage keys without extension: each exists as .png and .webp. */
  @Column({ type: 'text' })
  fullKey!: string;

  @Column({ type: 'text' })
  previewKey!: string;

  @ManyToOne(() => Hero, (hero) => hero.images, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'hero_id' })
  hero?: Hero;
}
