import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ExtractedFile } from '@pixtract/contracts';

/** An image of one crawl page, as the worker described it; the crawl's result merges them by address. */
@Entity('crawl_files')
@Index('IDX_crawl_files_crawl_address', ['crawlId', 'fileUrl'])
@Index('UQ_crawl_files_page_position', ['pageId', 'position'], { unique: true })
export class CrawlFileEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' })
  id!: string;

  @Column('uuid')
  crawlId!: string;

  @Column('uuid')
  pageId!: string;

  @Column('text')
  fileUrl!: string;

  /** Its place in the page's list. */
  @Column('int')
  position!: number;

  @Column('jsonb')
  file!: ExtractedFile;
}
