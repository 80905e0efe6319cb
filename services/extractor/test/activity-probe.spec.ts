import { CHROMIUM_TEST_LAUNCH, FixtureServer, startFixtureServer } from '@pixtract/testing';
import { Browser, chromium, Page } from 'playwright-core';
import { installActivityProbe, SHORT_TIMER_MS } from '../src/browser/activity-probe';

/** The probe in real Chromium: which of a page's timers settling runs early, and how. */
describe('activity probe', () => {
  let browser: Browser;
  let page: Page;
  let fixture: FixtureServer;
  beforeAll(async () => {
    browser = await chromium.launch(CHROMIUM_TEST_LAUNCH);
    fixture = await startFixtureServer();
  }, 20_000);
  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });
  beforeEach(async () => {
    page = await browser.newPage();
    await page.addInitScript(installActivityProbe, SHORT_TIMER_MS);
    await page.goto('about:blank');
  });
  afterEach(() => page.close());

  /** Timers the probe counts as pending, read inside the page's own handlers: no race with the clock. */
  type Seen = { pending: number[]; done: boolean };
  const seen = () => page.evaluate(() => (window as unknown as { seen: Seen }).seen);

  it('counts each step of a short sequence of timers (a gallery that appears after 200 ms, then 400 ms)', async () => {
    await page.evaluate(() => {
      const probe = (window as unknown as { __pixtractActivity: { shortTimers: Map<number, unknown> } })
        .__pixtractActivity;
      const record: Seen = { pending: [probe.shortTimers.size], done: false };
      (window as unknown as { seen: Seen }).seen = record;
      setTimeout(() => {
        setTimeout(() => {
          record.pending.push(probe.shortTimers.size);
          record.done = true;
        }, 400);
        record.pending.push(probe.shortTimers.size);
      }, 200);
      record.pending[0] = probe.shortTimers.size;
    });
    await page.waitForFunction(() => (window as unknown as { seen: Seen }).seen.done);
    // Pending: the first timer, then the second (set from the first), then none.
    expect((await seen()).pending).toEqual([1, 1, 0]);
  });

  it('does not wait for a loop (a poll or a ticker repeating its delay), nor for a timer beyond the limit', async () => {
    await page.evaluate((beyond) => {
      const probe = (window as unknown as { __pixtractActivity: { shortTimers: Map<number, unknown> } })
        .__pixtractActivity;
      const record: Seen = { pending: [], done: false };
      (window as unknown as { seen: Seen }).seen = record;
      setTimeout(() => undefined, beyond);
      const tick = () => {
        setTimeout(tick, 30);
        if (record.pending.push(probe.shortTimers.size) === 3) record.done = true;
      };
      setTimeout(tick, 30);
    }, SHORT_TIMER_MS + 1_000);
    await page.waitForFunction(() => (window as unknown as { seen: Seen }).seen.done);
    expect((await seen()).pending.slice(0, 3)).toEqual([0, 0, 0]);
  });

  it('runs a short sequence at once when asked, step by step, its clock (Date.now, new Date, Date()) moved on to each due time, and leaves a cleared timer and a long one alone', async () => {
    // All in one evaluation: the page's clock has no say, only the order in which the handlers ran.
    const ran = await page.evaluate((beyond) => {
      const probe = (window as unknown as { __pixtractActivity: { runTimersNow(): number } }).__pixtractActivity;
      const order: string[] = [];
      const start = Date.now();
      // The page's clock has reached each timer's due time when its handler runs (a debounce checks it).
      const onTime: boolean[] = [];
      setTimeout(() => {
        order.push('first step');
        onTime.push(Date.now() - start >= 600, new Date().getTime() - start >= 600);
        // Date() names whole seconds: at 1.8 s on, it reads at least 0.8 s on.
        setTimeout(
          () => onTime.push(+new Date() - start >= 1_800, Date.parse(Date()) - start >= 800) && order.push('gallery'),
          1_200,
        );
      }, 600);
      setTimeout(() => order.push('earlier'), 300);
      clearTimeout(setTimeout(() => order.push('cleared'), 100));
      setTimeout(() => order.push('long'), beyond);
      const counts = [probe.runTimersNow(), probe.runTimersNow(), probe.runTimersNow()];
      return { order, counts, onTime };
    }, SHORT_TIMER_MS + 1_000);
    expect(ran).toEqual({
      order: ['earlier', 'first step', 'gallery'],
      counts: [2, 1, 0],
      onTime: [true, true, true, true],
    });
  });

  it("says when the page's own requests have ended (an infinite loader's batch), and gives up at its time limit without a timer of the page's", async () => {
    await page.goto(fixture.url('/pages/basic.html'));
    const waited = await page.evaluate(async () => {
      type Probe = {
        requestsEnded(stuckMs: number, timeoutMs: number): Promise<boolean>;
        requestStarts: Set<number[]>;
        shortTimers: Map<number, unknown>;
      };
      const probe = (window as unknown as { __pixtractActivity: Probe }).__pixtractActivity;
      const nothingPending = await probe.requestsEnded(2_500, 1_000);
      const started = performance.now();
      void fetch('/delay/150/pages/basic.html');
      void fetch('/delay/300/pages/basic.html');
      const batch = await probe.requestsEnded(2_500, 2_000);
      const batchMs = performance.now() - started;
      const pendingAfterBatch = probe.requestStarts.size;
      void fetch('/delay/1000/pages/basic.html');
      const hanging = await probe.requestsEnded(2_500, 100);
      // A request older than stuckMs is a hung one, not work.
      const stuck = await probe.requestsEnded(0, 1_000);
      return { nothingPending, batch, batchMs, pendingAfterBatch, hanging, stuck, pageTimers: probe.shortTimers.size };
    });
    expect(waited).toEqual({
      nothingPending: true,
      batch: true,
      batchMs: expect.any(Number),
      pendingAfterBatch: 0,
      hanging: false,
      stuck: true,
      pageTimers: 0,
    });
    expect(waited.batchMs).toBeGreaterThanOrEqual(290);
  });
});
