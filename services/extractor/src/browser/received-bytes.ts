import type { Page } from 'playwright-core';

/**
 * Counts the bytes the page's network brings, chunk by chunk as they arrive (CDP's `Network.dataReceived`), so a
 * page still streaming moves the progress bar. A session of its own: Playwright's events come only once a request
 * has finished.
 */
export async function countReceivedBytes(page: Page, count: (bytes: number) => void): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.dataReceived', (event: { dataLength: number }) => count(event.dataLength));
  await cdp.send('Network.enable');
}
