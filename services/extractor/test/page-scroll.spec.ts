import { CHROMIUM_TEST_LAUNCH, FixtureServer, startFixtureServer } from '@pixtract/testing';
import { Browser, chromium } from 'playwright-core';
import { installActivityProbe, SHORT_TIMER_MS } from '../src/browser/activity-probe';
import { PageActivity } from '../src/browser/page-activity';
import { scrollUntilStable } from '../src/extraction/browser-visit/page-scroll.util';
import { waitUntilQuiet } from '../src/extraction/browser-visit/page-settle.util';

/** Scrolling an endless feed in real Chromium, its fixture served with a little latency per response. */
describe('scrolling a feed', () => {
  let browser: Browser;
  let fixture: FixtureServer;
  beforeAll(async () => {
    browser = await chromium.launch(CHROMIUM_TEST_LAUNCH);
    fixture = await startFixtureServer({ latencyMs: 20 });
  }, 20_000);
  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  it("follows a feed's batches within a run of steps in the page, waiting there for each batch's request, not one trip back per batch", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      const page = await context.newPage();
      await page.addInitScript(installActivityProbe, SHORT_TIMER_MS);
      const activity = new PageActivity(page);
      await page.goto(fixture.url('/pages/catalogue/infinite.html'), { waitUntil: 'domcontentloaded' });
      await waitUntilQuiet(page, activity, 5_000, { contentOnly: true });
      const scrolled = await scrollUntilStable(page, activity, {
        maxSteps: 60,
        maxHeight: 60_000,
        deadline: Date.now() + 15_000,
        stepSettleMs: 1_500,
      });
      // Five batches of four cards, each batch fetched as the reader nears the end.
      expect(await page.locator('.card img').count()).toBe(20);
      expect(scrolled.cappedBy).toBeUndefined();
      // Four batches arrive while scrolling, then two rounds at the bottom: one run per batch would be six at
      // least. Usually three; a batch that a busy machine renders late costs one more.
      expect(scrolled.runs).toBeLessThanOrEqual(5);
    } finally {
      await context.close();
    }
  });
});
