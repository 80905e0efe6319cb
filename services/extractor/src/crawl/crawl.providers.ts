import type { Provider } from '@nestjs/common';
import { REDIS, VisitorPresence } from '@pixtract/service-kit';
import type { Redis } from 'ioredis';
import { EXTRACTOR_CONFIG, ExtractorConfig } from '../extractor.config';
import { CrawlBrowserPauseService } from './crawl-browser-pause.service';
import { CrawlPageService } from './crawl-page.service';
import { crawlFetchPolicyProvider } from './crawler-identity';
import { HostLeaseService } from './host-lease.service';
import { HostRequestGate } from './host-request-gate.service';
import { RobotsService } from './robots.service';
import { SitemapService } from './sitemap.service';

/** This machine's visitors, as the queue prefix names them (the gateway marks them on its machine too). */
const visitorPresenceProvider: Provider = {
  provide: VisitorPresence,
  inject: [REDIS, EXTRACTOR_CONFIG],
  useFactory: (redis: Redis, config: ExtractorConfig) => new VisitorPresence(redis, config.QUEUE_PREFIX),
};

/** What the extraction queue's worker needs for crawl pages (the same worker reads single pages and crawl pages). */
export const CRAWL_PROVIDERS = [
  CrawlBrowserPauseService,
  CrawlPageService,
  crawlFetchPolicyProvider,
  HostLeaseService,
  HostRequestGate,
  RobotsService,
  SitemapService,
  visitorPresenceProvider,
];
