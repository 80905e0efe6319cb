import { Module } from '@nestjs/common';
import { BlogModule } from '../blog/blog.module';
import { PageHeads } from './page-heads.service';
import { SitemapController } from './sitemap.controller';

/** The app's pages as the outside world reads them: their heads, the sitemap and robots.txt. */
@Module({
  imports: [BlogModule],
  controllers: [SitemapController],
  providers: [PageHeads],
})
export class SpaModule {}

/** Served outside the /api prefix. */
export const SITE_FILES = ['sitemap.xml', 'robots.txt'];
