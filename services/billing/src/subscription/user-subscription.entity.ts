import type { SubscriptionStatus } from '@pixtract/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The seed's user_subscriptions: one PayPal subscription of one user, as billing last knew it. */
@Entity('user_subscriptions')
export class UserSubscriptionEntity {
  @PrimaryGeneratedColumn('identity')
  id!: number;

  @Column('int')
  userId!: number;

  /** The plan the subscriber has now (a downgrade waits in pendingPlanId). */
  @Column('text')
  planId!: string;

  @Column('text', { unique: true })
  paypalSubscriptionId!: string;

  @Column('text', { nullable: true })
  paypalOrderId!: string | null;

  @Column('text', { default: 'pending' })
  status!: SubscriptionStatus;

  /** PayPal's approve link while the subscription waits for the buyer. */
  @Column('text', { nullable: true })
  approvalUrl!: string | null;

  @Column('timestamptz', { nullable: true })
  startDate!: Date | null;

  /** When premium ends: the end of the paid period after a cancel; the moment of a suspension or expiry. */
  @Column('timestamptz', { nullable: true })
  endDate!: Date | null;

  @Column('timestamptz', { nullable: true })
  nextBillingDate!: Date | null;

  @Column('timestamptz', { nullable: true })
  lastPaymentDate!: Date | null;

  @Column('int', { default: 0 })
  failedPaymentCount!: number;

  @Column('text', { nullable: true })
  cancelReason!: string | null;

  /** A downgrade the subscriber chose, taking over at pendingPlanFrom (the end of the paid cycle). */
  @Column('text', { nullable: true })
  pendingPlanId!: string | null;

  @Column('timestamptz', { nullable: true })
  pendingPlanFrom!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
