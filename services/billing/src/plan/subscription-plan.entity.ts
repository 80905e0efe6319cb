import type { BillingInterval, PlanFeature, PlanTier } from '@pixtract/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The seed's subscription_plans: what a subscriber can buy. Prices are in cents. */
@Entity('subscription_plans')
export class SubscriptionPlanEntity {
  @PrimaryGeneratedColumn('identity')
  id!: number;

  @Column('text', { unique: true })
  planId!: string;

  @Column('text')
  name!: string;

  @Column('text', { default: '' })
  description!: string;

  @Column('int')
  price!: number;

  @Column('text', { default: 'USD' })
  currency!: string;

  @Column('text', { default: 'month' })
  interval!: BillingInterval;

  @Column('jsonb', { default: () => "'[]'" })
  features!: PlanFeature[];

  @Column('int', { default: 500 })
  dailyLimit!: number;

  @Column('int', { default: 25 })
  maxImagesPerExtraction!: number;

  @Column('boolean', { default: true })
  isActive!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column('text', { default: 'hobby' })
  tier!: PlanTier;

  @Column('boolean', { default: false })
  isPopular!: boolean;

  /** PayPal's billing plan for this one (P-…), created at start-up when missing. */
  @Column('text', { nullable: true, unique: true })
  paypalPlanId!: string | null;
}
