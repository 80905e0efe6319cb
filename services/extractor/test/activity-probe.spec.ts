import { CHROMIUM_TEST_LAUNCH } from '@pixtract/testing';
import { Browser, chromium, Page } from 'playwright-core';
import { installActivityProbe, SHORT_TIMER_MS } from '../src/browser/activity-probe';

/** The probe in real Chromium: which of a page's timers settling waits for. */
describe('activity probe', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await chromium.launch(CHROMIUM_TEST_LAUNCH);
  }, 20_000);
  afterAll(() => browser?.close());
  beforeEach(async () => {
    page = await browser.newPage();
    await page.addInitScript(installActivityProbe, SHORT_TIMER_MS);
    await page.goto('about:blank');
  });
  afterEach(() => page.close());

  const pendingTimers = () => page.evaluate(() => (window as unknown as { __pixtractActivity: { timersDue: Map<number, number> } }).__pixtractActivity.timersDue.size);

  it('waits for each step of a short sequence of timers (a gallery that appears after 200 ms, then 400 ms)', async () => {
    await page.evaluate(() => {
      const steps = window as unknown as { step: number };
      steps.step = 0;
      setTimeout(() => {
        steps.step = 1;
        setTimeout(() => (steps.step = 2), 400);
      }, 200);
    });
    expect(await pendingTimers()).toBe(1);
    await page.waitForFunction(() => (window as unknown as { step: number }).step === 1);
    expect(await pendingTimers()).toBe(1);
    await page.waitForFunction(() => (window as unknown as { step: number }).step === 2);
    expect(await pendingTimers()).toBe(0);
  });

  it('does not wait for a loop (a poll or a ticker repeating its delay), nor for a timer beyond the limit', async () => {
    await page.evaluate((beyond) => {
      const ticks = window as unknown as { ticks: number };
      ticks.ticks = 0;
      const tick = () => {
        ticks.ticks += 1;
        setTimeout(tick, 30);
      };
      setTimeout(tick, 30);
      setTimeout(() => undefined, beyond);
    }, SHORT_TIMER_MS + 1_000);
    await page.waitForFunction(() => (window as unknown as { ticks: number }).ticks >= 3);
    expect(await pendingTimers()).toBe(0);
  });
});
