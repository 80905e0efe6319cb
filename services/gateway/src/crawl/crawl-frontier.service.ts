import { Inject, Injectable } from '@nestjs/common';
import { CrawlLink, CrawlWarning, ExtractJobPayload, crawlPathPattern } from '@pixtract/contracts';
import { EntityManager } from 'typeorm';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';
import { CrawlPageEntity } from './crawl-page.entity';
import { CrawlEntity } from './crawl.entity';
import { CrawlRepository } from './crawl.repository';

/**
 * The crawl's frontier, kept in Postgres (no process holds it): which of the links a finished page reported become
 * pages — within the page limit, the depth the scope allows and the trap cap per address pattern — and the job each
 * page becomes. Called inside the page's finishing transaction, with the crawl row locked.
 */
@Injectable()
export class CrawlFrontier {
  constructor(
    private readonly repository: CrawlRepository,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Adds what may be added; answers the pages added and the warnings for what was left out. A link to a page the
   * crawl has already is nothing left out (every page links its home page): only new addresses raise warnings.
   */
  async admit(
    manager: EntityManager,
    crawl: CrawlEntity,
    parent: Pick<CrawlPageEntity, 'depth'>,
    links: CrawlLink[],
  ): Promise<{ added: CrawlPageEntity[]; warnings: CrawlWarning[] }> {
    if (links.length === 0) return { added: [], warnings: [] };
    const depthOf = (link: CrawlLink) => (link.via === 'sitemap' ? 1 : parent.depth + 1);
    const maxDepth = this.maxDepthOf(crawl);
    const tooDeep = links.filter((link) => depthOf(link) > maxDepth).map((link) => link.url);
    const withinDepth = links.filter((link) => depthOf(link) <= maxDepth);

    const patterns = [...new Set(withinDepth.map((link) => crawlPathPattern(link.url)))];
    const perPattern = await this.repository.countByPattern(manager, crawl.id, patterns);
    let room = crawl.maxPages - (await this.repository.countPages(manager, crawl.id));
    const added: CrawlPageEntity[] = [];
    const capped = new Map<string, string>();
    const overLimit: string[] = [];
    for (const link of withinDepth) {
      const pattern = crawlPathPattern(link.url);
      const seen = perPattern.get(pattern) ?? 0;
      // A gallery follows one next page at a time, its pages all of one pattern: the page limit bounds it.
      if (crawl.scope !== 'gallery' && seen >= this.config.CRAWL_TRAP_CAP) capped.set(link.url, pattern);
      else if (room <= 0) overLimit.push(link.url);
      else {
        const [inserted] = await this.repository.insertPages(manager, crawl.id, [
          { url: link.url, depth: depthOf(link), via: link.via },
        ]);
        if (!inserted) continue;
        added.push(inserted);
        perPattern.set(pattern, seen + 1);
        room -= 1;
      }
    }

    const known = await this.repository.knownPages(manager, crawl.id, [...tooDeep, ...capped.keys(), ...overLimit]);
    const leftOut = (url: string) => !known.has(url);
    const warnings: CrawlWarning[] = [];
    if (tooDeep.some(leftOut)) warnings.push({ code: 'DEPTH_LIMIT', values: { depth: maxDepth } });
    for (const pattern of new Set([...capped].filter(([url]) => leftOut(url)).map(([, pattern]) => pattern)))
      warnings.push({ code: 'TRAP_CAPPED', values: { pattern, limit: this.config.CRAWL_TRAP_CAP } });
    if (overLimit.some(leftOut)) warnings.push({ code: 'PAGE_LIMIT', values: { limit: crawl.maxPages } });
    return { added, warnings };
  }

  /** The job of a page: the extraction of its address, with what the worker should discover there. */
  jobOf(
    crawl: CrawlEntity,
    page: Pick<CrawlPageEntity, 'id' | 'url' | 'depth' | 'via'>,
    requestId?: string,
  ): ExtractJobPayload {
    return {
      extractionId: page.id,
      url: page.url,
      mode: crawl.options.mode ?? 'auto',
      fileTypes: crawl.options.fileTypes,
      requestId,
      crawl: {
        crawlId: crawl.id,
        scope: crawl.scope,
        depth: page.depth,
        // The whole site's last level still reports its links: the ones left out are said (DEPTH_LIMIT).
        discover: page.depth < this.maxDepthOf(crawl) || crawl.scope === 'site',
        sitemap: crawl.scope === 'site' && page.via === 'start',
      },
    };
  }

  /** Links followed from a start page: one level for `links`, none for `list`, the page limit bounds a gallery. */
  private maxDepthOf(crawl: CrawlEntity): number {
    switch (crawl.scope) {
      case 'list':
        return 0;
      case 'links':
        return 1;
      case 'gallery':
        return crawl.maxPages;
      case 'site':
        return this.config.CRAWL_MAX_DEPTH;
    }
  }
}
