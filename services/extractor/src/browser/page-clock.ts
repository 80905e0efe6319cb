import type { Page } from 'playwright-core';

/** For each page of a browser that can be paused: how long it has been paused since the page opened. */
const pausedMsOf = new WeakMap<Page, () => number>();

/** Counts the pauses of `page`'s browser (BrowserLane) off the page's time. */
export function countPauses(page: Page, pausedMs: () => number): void {
  pausedMsOf.set(page, pausedMs);
}

/**
 * The time as `page` lived it: the wall clock less the time its browser was paused (a crawl's Chromium stopped while
 * a visitor's extraction runs). A visit's deadline and waits are measured on it, so a page paused for two seconds
 * mid-settle still gets its full settle afterwards; for a page never paused it is Date.now().
 */
export function pageNow(page: Page): number {
  return Date.now() - (pausedMsOf.get(page)?.() ?? 0);
}
