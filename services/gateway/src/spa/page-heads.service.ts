import { Inject, Injectable } from '@nestjs/common';
import { PAGE_META_FILE, SITE_PAGES, blogPostPath, pageMetaFileSchema, type PageMetaFile } from '@pixtract/contracts';
import type { Request } from 'express';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BlogRepository } from '../blog/blog.repository';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';
import { checkTemplate, renderPage, type PageHead } from './page-head';
import { resolvePageRoute } from './page-route';
import { siteOrigin } from './site-origin';

interface RenderedPage {
  status: 200 | 404;
  html: string;
}

/**
 * The app's HTML as the server sends it: one index.html, its head written per page and language from the web's
 * own translations (page-meta.json, which the web build draws from its locales), so a crawler that runs no script
 * reads the right title and an Arabic page is right to left from the first byte.
 */
@Injectable()
export class PageHeads {
  private template = '';
  private words?: PageMetaFile;

  constructor(
    private readonly blog: BlogRepository,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Reads the built app's index.html and page-meta.json; a build without them stops the start. */
  load(webDist: string): void {
    const template = readFileSync(join(webDist, 'index.html'), 'utf8');
    checkTemplate(template);
    const words = pageMetaFileSchema.safeParse(JSON.parse(readFileSync(join(webDist, PAGE_META_FILE), 'utf8')));
    if (!words.success)
      throw new Error(`${join(webDist, PAGE_META_FILE)} does not hold every page's words: ${words.error.message}`);
    this.template = template;
    this.words = words.data;
  }

  render(req: Request): RenderedPage {
    if (!this.words) throw new Error('PageHeads.load(webDist) must run before pages are served');
    const route = resolvePageRoute(req.path);
    const words = this.words[route.language];
    const origin = siteOrigin(req, this.config.PUBLIC_URL);
    let head: PageHead;
    let status: RenderedPage['status'] = 200;

    if (route.kind === 'page') {
      const page = SITE_PAGES[route.page];
      head = {
        language: route.language,
        ...words[route.page],
        type: 'website',
        ...(page.listed ? { indexedPath: page.path } : {}),
      };
    } else if (route.kind === 'article' && this.blog.find(route.slug)) {
      const post = this.blog.find(route.slug)!;
      head = {
        language: route.language,
        title: words.article.replace('{{title}}', post.title),
        description: post.description,
        indexedPath: blogPostPath(post.slug),
        type: 'article',
        image: origin + post.image,
        publishedOn: post.date,
      };
    } else {
      status = 404;
      head = {
        language: route.language,
        ...(route.kind === 'article' ? words.articleNotFound : words.notFound),
        type: 'website',
      };
    }
    return { status, html: renderPage(this.template, head, origin) };
  }
}
