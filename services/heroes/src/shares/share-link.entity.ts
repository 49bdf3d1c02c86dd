import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from '@starborn/database';
import { Hero } from '../heroes/hero.entity.js';

/** A public link to a paid hero's page; at most one active link per hero (partial unique index). */
@Entity({ name: 'share_links' })
export class ShareLink {
  /** 18 random bytes, base64url: the link's only secret. */
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'char', length: 32 })
  heroId!: string;

  @Column({ type: 'uuid' })
  ownerId!: string;

  @CreatedAtColumn()
  createdAt!: Date;

  @Column({ type: 'int', default: 0 })
  accessCount!: number;

  @Column({ type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  deactivatedAt!: Date | null;

  @ManyToOne(() => Hero, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'hero_id' })
  hero?: Hero;
}
