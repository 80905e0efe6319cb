import { Inject, Injectable, Logger } from '@nestjs/common';
import { normaliseCrawlUrl } from '@pixtract/contracts';
import { safeFetch, SafeFetchPolicy } from '@pixtract/safe-fetch';
import { gunzipSync } from 'node:zlib';
import { readCapped } from '../extraction/static-read/read-capped.util';
import { CRAWL_FETCH_POLICY } from './crawler-identity';
import { sameSite } from './site.util';

const MAX_SITEMAP_BYTES = 10 * 1024 * 1024;
/** Sitemaps read per crawl: the ones robots.txt names (or /sitemap.xml) and, one level down, those an index lists. */
const MAX_SITEMAPS = 10;
const LOC = /<loc>\s*(?:<!\[CDATA\[)?\s*([^<\]]+?)\s*(?:\]\]>)?\s*<\/loc>/gi;

/**
 * The page addresses a site's sitemaps list (the `site` scope's second source after its start page): the sitemaps
 * robots.txt names, else /sitemap.xml; a sitemap index is followed one level. Same-site addresses only, each once,
 * at most `limit`; every read through the SSRF-safe path.
 */
@Injectable()
export class SitemapService {
  private readonly logger = new Logger(SitemapService.name);

  constructor(@Inject(CRAWL_FETCH_POLICY) private readonly policy: SafeFetchPolicy) {}

  async pagesOf(startUrl: string, named: string[], limit: number): Promise<string[]> {
    const queue = (named.length > 0 ? named : [new URL('/sitemap.xml', startUrl).href]).filter((url) =>
      sameSite(url, startUrl),
    );
    const pages = new Set<string>();
    const read = new Set<string>();
    while (queue.length > 0 && read.size < MAX_SITEMAPS && pages.size < limit) {
      const sitemap = queue.shift()!;
      if (read.has(sitemap)) continue;
      read.add(sitemap);
      const text = await this.read(sitemap);
      const isIndex = /<sitemapindex[\s>]/i.test(text);
      for (const match of text.matchAll(LOC)) {
        const url = normaliseCrawlUrl(match[1].replace(/&amp;/g, '&'));
        if (!url || !sameSite(url, startUrl)) continue;
        if (isIndex) queue.push(url);
        else if (pages.size < limit) pages.add(url);
      }
    }
    return [...pages];
  }

  private async read(url: string): Promise<string> {
    try {
      const response = await safeFetch(url, {
        policy: this.policy,
        signal: AbortSignal.timeout(15_000),
        headers: { accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5' },
      });
      if (response.status >= 400) {
        response.body.destroy();
        return '';
      }
      const bytes = await readCapped(response.body, MAX_SITEMAP_BYTES);
      // A .xml.gz served as a file (not as Content-Encoding) is still gzip.
      return (
        bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes, { maxOutputLength: 50 * 1024 * 1024 }) : bytes
      ).toString('utf8');
    } catch (error) {
      this.logger.debug({ msg: 'sitemap not read', url, err: error });
      return '';
    }
  }
}
