import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { CrawlLink, CrawlPageStatus, CrawlSkipReason, ErrorCode } from '@pixtract/contracts';

/**
 * A page of a crawl: its id is its job's id (and its quota reservation's). Unique on crawl and normalised address,
 * so a page is never taken twice, whichever replica adds it.
 */
@Entity('crawl_pages')
@Index('UQ_crawl_pages_crawl_url', ['crawlId', 'url'], { unique: true })
@Index('IDX_crawl_pages_crawl_status', ['crawlId', 'status'])
@Index('IDX_crawl_pages_crawl_pattern', ['crawlId', 'pattern'])
export class CrawlPageEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid')
  crawlId!: string;

  /** Found-order, for the pages list and the ZIP. */
  @Column({ type: 'bigint', insert: false, update: false })
  seq!: string;

  @Column('text')
  url!: string;

  /** The trap cap's pattern of the address (crawlPathPattern). */
  @Column('text')
  pattern!: string;

  @Column('int')
  depth!: number;

  /** How it was found: start, link, next, sitemap, or canonical (the canonical address of a page read). */
  @Column('text')
  via!: CrawlLink['via'] | 'start' | 'canonical';

  @Column('text', { default: 'queued' })
  status!: CrawlPageStatus;

  @Column('text', { nullable: true })
  skipReason!: CrawlSkipReason | null;

  @Column('int', { default: 0 })
  imageCount!: number;

  @Column('text', { nullable: true })
  error!: string | null;

  @Column('text', { nullable: true })
  errorCode!: ErrorCode | null;

  /** The worker reading it (host:pid), while it runs. */
  @Column('text', { nullable: true })
  worker!: string | null;

  /** Thumbnails of this page linking to photo pages of the site: their originals are those pages' largest pictures. */
  @Column('jsonb', { default: () => "'[]'" })
  photoLinks!: Array<{ imageUrl: string; pageUrl: string }>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { nullable: true })
  finishedAt!: Date | null;
}
