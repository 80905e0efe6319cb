import type { Page } from 'playwright-core';

/**
 * Fonts and media cost time and bytes and never carry a picture we report. They are failed in the network
 * layer through CDP's Fetch domain, which intercepts only these resource types and leaves the HTTP cache on
 * (Playwright's page.route would switch the cache off for everything).
 */
export async function blockFontsAndMedia(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Fetch.requestPaused', (event: { requestId: string }) => {
    cdp
      .send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' })
      .catch(() => undefined);
  });
  await cdp.send('Fetch.enable', { patterns: [{ resourceType: 'Font' }, { resourceType: 'Media' }] });
}
