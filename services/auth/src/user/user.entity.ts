import type { Role } from '@pixtract/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The seed's users, field for field. `password` holds a hash, and is empty for Google-only accounts. */
@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('identity')
  id!: number;

  @Column('text', { unique: true })
  username!: string;

  @Column('text', { nullable: true })
  password!: string | null;

  @Column('text', { nullable: true })
  email!: string | null;

  @Column('text', { nullable: true })
  displayName!: string | null;

  @Column('text', { default: 'free' })
  role!: Role;

  @Column('int', { default: 500 })
  dailyLimit!: number;

  @Column('int', { default: 0 })
  usedToday!: number;

  @Column('int', { default: 0 })
  currentUsage!: number;

  @Column('date', { nullable: true })
  lastUsageDate!: string | null;

  @Column('timestamptz', { nullable: true })
  subscriptionExpiresAt!: Date | null;

  @Column('text', { nullable: true })
  paypalSubscriptionId!: string | null;

  @Column('text', { nullable: true })
  paypalCustomerId!: string | null;

  @Column('text', { default: 'free' })
  membershipPlan!: string;

  @Column('text', { default: 'active' })
  membershipStatus!: string;

  @Column('int', { default: 25 })
  maxImagesPerExtraction!: number;

  @Column('text', { default: 'free' })
  featureTier!: string;

  @Column('timestamptz', { nullable: true })
  lastPaymentDate!: Date | null;

  @Column('timestamptz', { nullable: true })
  nextBillingDate!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  /** `usernameKey(username)`, unique: one account per name however it is spelt. NULL on an older account whose name collided. */
  @Column('text', { nullable: true })
  usernameKey!: string | null;

  /** `emailKey(email)`, unique: one account per address. NULL without an email, and on an older account whose address collided. */
  @Column('text', { nullable: true })
  emailKey!: string | null;

  /** The revision of billing's account state applied last (see AccountChanges). */
  @Column('int', { default: 0 })
  accountRevision!: number;

  /** The OpenID `sub` of the linked Google account. */
  @Column('text', { nullable: true, unique: true })
  googleSubject!: string | null;
}
