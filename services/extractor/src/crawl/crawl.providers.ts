import { CrawlPageService } from './crawl-page.service';
import { crawlFetchPolicyProvider } from './crawler-identity';
import { HostLeaseService } from './host-lease.service';
import { RobotsService } from './robots.service';
import { SitemapService } from './sitemap.service';

/** What the extraction queue's worker needs for crawl pages (the same worker reads single pages and crawl pages). */
export const CRAWL_PROVIDERS = [
  CrawlPageService,
  crawlFetchPolicyProvider,
  HostLeaseService,
  RobotsService,
  SitemapService,
];
