import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { CrawlScope, CrawlStatus, CrawlWarning, ExtractionMode, Limits } from '@pixtract/contracts';

/** What a crawl asked for beyond its scope and addresses (absent: auto mode, every file type). */
export interface CrawlOptions {
  mode?: Exclude<ExtractionMode, 'auto'>;
  fileTypes?: string[];
  /** The request's own page limit, when it gave one (Run again asks for it again). */
  maxPages?: number;
}

/** One crawl: its request, owner, status, limits and warnings. Its pages and files have tables of their own. */
@Entity('crawls')
export class CrawlEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  scope!: CrawlScope;

  @Column('text')
  startUrl!: string;

  /** A `list` crawl's addresses, normalised, in the order given. */
  @Column('jsonb', { nullable: true })
  urls!: string[] | null;

  @Column('jsonb', { default: () => "'{}'" })
  options!: CrawlOptions;

  /** The most pages it reads: the plan's limit, or the request's when lower. */
  @Column('int')
  maxPages!: number;

  @Column('text', { default: 'queued' })
  status!: CrawlStatus;

  /** The quota subject it belongs and is charged to (as an extraction's). */
  @Column('text')
  ownerSubject!: string;

  @Column('int', { nullable: true })
  ownerUserId!: number | null;

  @Column('text', { nullable: true })
  addressSubject!: string | null;

  /** Distinct images in its result. */
  @Column('int', { default: 0 })
  imagesFound!: number;

  /** The caller's day after the last charge. */
  @Column('jsonb', { nullable: true })
  limits!: Limits | null;

  @Column('jsonb', { default: () => "'[]'" })
  warningDetails!: CrawlWarning[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { nullable: true })
  finishedAt!: Date | null;
}
