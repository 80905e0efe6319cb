import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Finishing a photo page looks up the thumbnails that link to it (`CrawlRepository.thumbnailsLinkingTo`), under the
 * crawl's row lock: without this index that reads every page's photo links of the crawl, each time.
 */
export class IndexCrawlPhotoLinks1764320000000 implements MigrationInterface {
  name = 'IndexCrawlPhotoLinks1764320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_crawl_pages_photo_links" ON "crawl_pages" USING gin ("photoLinks" jsonb_path_ops)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_crawl_pages_photo_links"`);
  }
}
