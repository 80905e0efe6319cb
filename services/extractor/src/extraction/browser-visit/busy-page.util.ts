import type { Page } from 'playwright-core';
import type { PageActivity } from '../../browser/page-activity';
import { waitUntilQuiet } from './page-settle.util';
import { pageNow } from '../../browser/page-clock';

/**
 * What a page shows while it is still fetching its content: `aria-busy` regions, progress indicators, and the
 * skeleton, shimmer and spinner placeholders of the component libraries (MUI's `MuiSkeleton`, Bootstrap's
 * `placeholder-glow`, Ant's `ant-skeleton`, Chakra's `chakra-skeleton`…). Class names are matched as words.
 */
export const BUSY_SELECTOR =
  '[aria-busy="true"], [role="progressbar"], [class*="skeleton" i], [class*="shimmer" i], [class*="spinner" i], [class*="placeholder-glow" i], [class*="placeholder-wave" i], [class*="loading-indicator" i]';

/** How often a busy page is looked at again: each look is one evaluation, far less than a frame's work. */
const BUSY_POLL_MS = 100;

/** Runs in the page: is a busy sign on screen (laid out, visible, within two viewports of the top of the view)? */
function showsBusySign(selector: string): boolean {
  const horizon = window.innerHeight * 2;
  return Array.from(document.querySelectorAll(selector)).some((element) => {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || rect.top > horizon || rect.bottom < 0) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.opacity !== '0';
  });
}

/** Does the page show it is still working? One evaluation: the visit asks it alongside its other looks. */
export async function looksBusy(page: Page): Promise<boolean> {
  return page.evaluate(showsBusySign, BUSY_SELECTOR).catch(() => false);
}

/**
 * For a page that looked busy after the first settle: while it shows it is still working (skeletons, aria-busy, a
 * spinner), wait for it, settling between looks, until the signs are gone or `until` (epoch ms) passes.
 */
export async function waitWhileBusy(page: Page, activity: PageActivity, until: number): Promise<void> {
  while (pageNow(page) < until && (await looksBusy(page))) {
    await waitUntilQuiet(page, activity, Math.max(1, Math.min(BUSY_POLL_MS * 5, until - pageNow(page))));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(BUSY_POLL_MS, until - pageNow(page)))));
  }
}
