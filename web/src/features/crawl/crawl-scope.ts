import type { CrawlScope } from '@pixtract/contracts';

/** The address box's scope: *This page* (an extraction, the default) or one of a crawl's. */
export type ScopeChoice = 'page' | CrawlScope;

export const SCOPE_CHOICES: readonly ScopeChoice[] = ['page', 'links', 'gallery', 'site', 'list'];
