import { CrawlPage, CrawlView, crawlWarningText } from '@pixtract/contracts';
import type { CrawlPageEntity } from './crawl-page.entity';
import type { CrawlEntity } from './crawl.entity';
import { crawlFiles, StoredFile } from './crawl-result';

export function pageView(page: CrawlPageEntity): CrawlPage {
  return {
    url: page.url,
    status: page.status,
    imageCount: page.imageCount,
    depth: page.depth,
    ...(page.error && { error: page.error }),
    ...(page.skipReason && { skipReason: page.skipReason }),
  };
}

/** GET /api/crawls/{id}'s answer from the stored crawl, its pages and files. */
export function crawlView(
  crawl: CrawlEntity,
  pages: CrawlPageEntity[],
  files: StoredFile[],
  reading: CrawlView['reading'],
): CrawlView {
  const count = (status: CrawlPage['status']) => pages.filter((page) => page.status === status).length;
  const merged = crawlFiles(files, pages);
  return {
    crawlId: crawl.id,
    status: crawl.status,
    scope: crawl.scope,
    startUrl: crawl.startUrl,
    ...(crawl.urls && { urls: crawl.urls }),
    maxPages: crawl.maxPages,
    pagesDone: count('done'),
    pagesFailed: count('failed'),
    // Every page found, those a stop or the day's limit left unread too: the pages list shows them all.
    pagesFound: pages.length,
    imagesFound: merged.filter((file) => !file.duplicate).length,
    reading,
    pages: pages.map(pageView),
    files: merged,
    ...(crawl.limits && { limits: crawl.limits }),
    warnings: crawl.warningDetails.map(crawlWarningText),
    warningDetails: crawl.warningDetails,
    createdAt: crawl.createdAt.toISOString(),
    ...(crawl.finishedAt && { finishedAt: crawl.finishedAt.toISOString() }),
  };
}
