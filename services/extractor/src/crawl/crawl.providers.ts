import { CrawlBrowserPauseService } from './crawl-browser-pause.service';
import { CrawlPageService } from './crawl-page.service';
import { crawlFetchPolicyProvider } from './crawler-identity';
import { HostLeaseService } from './host-lease.service';
import { HostRequestGate } from './host-request-gate.service';
import { RobotsService } from './robots.service';
import { SitemapService } from './sitemap.service';
import { VisitorPresenceService } from './visitor-presence.service';

/** What the extraction queue's worker needs for crawl pages (the same worker reads single pages and crawl pages). */
export const CRAWL_PROVIDERS = [
  CrawlBrowserPauseService,
  CrawlPageService,
  crawlFetchPolicyProvider,
  HostLeaseService,
  HostRequestGate,
  RobotsService,
  SitemapService,
  VisitorPresenceService,
];
