import { Injectable } from '@nestjs/common';
import { CrawlRepository } from './crawl.repository';
import { mergeWarnings } from './crawl-warnings';

/** Warnings a crawl gets while a page waits (its host backed off), before the page finishes. */
@Injectable()
export class CrawlWarnings {
  constructor(private readonly repository: CrawlRepository) {}

  async hostBackedOff(crawlId: string, pageId: string, status: number): Promise<void> {
    await this.repository.transaction(async (manager) => {
      const crawl = await this.repository.lock(manager, crawlId);
      const page = await this.repository.findPage(pageId, manager);
      if (!crawl || !page || page.crawlId !== crawlId) return;
      const warning = { code: 'HOST_BACKOFF' as const, values: { host: new URL(page.url).host, status } };
      await this.repository.updateCrawl(manager, crawlId, {
        warningDetails: mergeWarnings(crawl.warningDetails, [warning]),
      });
    });
  }
}
