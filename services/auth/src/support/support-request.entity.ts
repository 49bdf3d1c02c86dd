import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '@starborn/database';
import type { SupportCategory } from '@starborn/contracts';

/** A message sent through the support form; kept until the team has answered and it is purged. */
@Entity({ name: 'support_requests' })
export class SupportRequest {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  message!: string;

  @Column({ type: 'text' })
  category!: SupportCategory;

  /** The signed-in user who sent it, if any (no foreign key: users may be deleted on request). */
  @Column({ type: 'uuid', nullable: true })
  userId!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
