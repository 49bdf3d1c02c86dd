import { CreateDateColumn, UpdateDateColumn } from 'typeorm';

/** `created_at` as every table has it: a timestamptz set on insert. */
export const CreatedAtColumn = () => CreateDateColumn({ name: 'created_at', type: 'timestamptz' });

/** `updated_at` as every table has it: a timestamptz TypeORM moves on each save. */
export const UpdatedAtColumn = () => UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' });
