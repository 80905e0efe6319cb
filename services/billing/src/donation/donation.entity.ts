import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A donation: a PayPal order billing created, completed once billing captured it. */
@Entity('donations')
export class DonationEntity {
  @PrimaryGeneratedColumn('identity')
  id!: number;

  @Column('text', { unique: true })
  paypalOrderId!: string;

  /** The signed-in donor, if any: visitors donate too. */
  @Column('int', { nullable: true })
  userId!: number | null;

  @Column('int')
  amountCents!: number;

  @Column('text', { default: 'USD' })
  currency!: string;

  @Column('text', { default: 'created' })
  status!: 'created' | 'completed';

  @Column('text', { nullable: true })
  paypalCaptureId!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { nullable: true })
  completedAt!: Date | null;
}
