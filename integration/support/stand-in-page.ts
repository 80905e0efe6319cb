import { CrawlLink, ExtractJobResult } from '@pixtract/contracts';

/**
 * A crawl page of the stand-in site (`…/page-N`), as a BullMQ worker standing in for the extractor answers it: its
 * own picture and the logo every page shows, and the `links` it reports.
 */
export function standInPageResult(url: string, crawlId: string, links: CrawlLink[] = []): ExtractJobResult {
  const n = Number(/page-(\d+)/.exec(url)?.[1] ?? 0);
  return {
    files: [
      { fileUrl: `http://images.example/img/page-${n}.png`, alt: `Picture ${n}`, position: 0 },
      { fileUrl: 'http://images.example/img/logo.png', alt: 'Logo', position: 1 },
    ],
    sourceUrl: url,
    warnings: [],
    performanceInfo: { timeMs: 5, method: 'static' },
    totalImagesFound: 2,
    crawl: { crawlId, worker: 'stand-in:1', links, disallowedLinks: 0, photoLinks: [] },
  };
}
