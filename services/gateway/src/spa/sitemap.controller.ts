import { Controller, Get, Header, Inject, Req } from '@nestjs/common';
import { SITE_PAGES, blogPostPath } from '@pixtract/contracts';
import type { Request } from 'express';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { BlogRepository } from '../blog/blog.repository';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';
import { siteOrigin } from './site-origin';
import { renderRobots, renderSitemap, type SitemapPage } from './sitemap';

/** /sitemap.xml and /robots.txt, at the root of the site (outside the /api prefix). */
@Controller()
export class SitemapController {
  /** The day the web app was built: when its pages last changed, as far as the server knows. */
  private readonly appBuiltOn?: string;

  constructor(
    private readonly blog: BlogRepository,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    if (config.WEB_DIST)
      this.appBuiltOn = statSync(join(config.WEB_DIST, 'index.html'), { throwIfNoEntry: false })
        ?.mtime.toISOString()
        .slice(0, 10);
  }

  @Get('sitemap.xml')
  @Header('content-type', 'application/xml; charset=utf-8')
  sitemap(@Req() req: Request): string {
    const posts = this.blog.all();
    const pages: SitemapPage[] = Object.values(SITE_PAGES)
      .filter((page) => page.listed)
      .map((page) => ({
        path: page.path,
        lastmod: page === SITE_PAGES.blog ? latest(this.appBuiltOn, posts[0]?.date) : this.appBuiltOn,
      }));
    const articles = posts.map((post) => ({ path: blogPostPath(post.slug), lastmod: post.date }));
    return renderSitemap(siteOrigin(req, this.config.PUBLIC_URL), [...pages, ...articles]);
  }

  @Get('robots.txt')
  @Header('content-type', 'text/plain; charset=utf-8')
  robots(@Req() req: Request): string {
    return renderRobots(siteOrigin(req, this.config.PUBLIC_URL));
  }
}

const latest = (...days: Array<string | undefined>) =>
  days
    .filter((day) => day !== undefined)
    .sort()
    .at(-1);
