import { Column, CreateDateColumn, Entity, OneToMany, PrimaryColumn } from 'typeorm';
import type {
  ErrorCode,
  ExtractionMode,
  ExtractionStatus,
  ExtractionWarning,
  Limits,
  PerformanceInfo,
} from '@pixtract/contracts';
import { ExtractedFileEntity } from './extracted-file.entity';

/** What an extraction was asked for beyond its URL; absent means the default (auto mode, every file type). */
export interface ExtractionOptions {
  mode?: Exclude<ExtractionMode, 'auto'>;
  fileTypes?: string[];
}

/** One extraction a visitor asked for; its id is the BullMQ job id and the finalisation key. */
@Entity('extractions')
export class ExtractionEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  url!: string;

  /** The quota subject (user:, visitor: or, on older rows, ip:) the extraction belongs and is charged to. */
  @Column('text')
  ownerSubject!: string;

  /** The signed-in user who asked, for their dashboard; null for visitors. */
  @Column('int', { nullable: true })
  ownerUserId!: number | null;

  /** A visitor's address (ip:), charged together with them; null for a signed-in user and on older rows. */
  @Column('text', { nullable: true })
  addressSubject!: string | null;

  /** The options asked for, as compared for a repeat: `{}` for the defaults. */
  @Column('jsonb', { default: () => "'{}'" })
  options!: ExtractionOptions;

  @Column('text', { default: 'queued' })
  status!: ExtractionStatus;

  @Column('text', { nullable: true })
  sourceUrl!: string | null;

  @Column('text', { nullable: true })
  error!: string | null;

  /** The catalogue code of `error`; null when the error is not a catalogue message, and on older rows. */
  @Column('text', { nullable: true })
  errorCode!: ErrorCode | null;

  @Column('jsonb', { default: () => "'[]'" })
  warnings!: string[];

  /** `warnings` as codes, item for item; null on rows stored before them. */
  @Column('jsonb', { nullable: true })
  warningDetails!: ExtractionWarning[] | null;

  @Column('jsonb', { nullable: true })
  limits!: Limits | null;

  @Column('jsonb', { nullable: true })
  performanceInfo!: PerformanceInfo | null;

  /** Distinct images shown (duplicates ride along uncounted): what the quota was charged. */
  @Column('int', { default: 0 })
  imageCount!: number;

  @Column('int', { default: 0 })
  totalImagesFound!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { nullable: true })
  completedAt!: Date | null;

  @OneToMany(() => ExtractedFileEntity, (file) => file.extraction)
  files!: ExtractedFileEntity[];
}
