import type { HostGate } from '@pixtract/safe-fetch';
import { CHROMIUM_TEST_LAUNCH, startFixtureServer } from '@pixtract/testing';
import { Browser, chromium } from 'playwright-core';
import { gateRequests } from '../src/browser/request-gating';

jest.setTimeout(60_000);

/** A gate in this process: at most `max` requests per host, and what it admitted and let go. */
function countingGate(max: number) {
  const held = new Map<string, number>();
  const waiting: Array<() => void> = [];
  const gate: HostGate & { entered: number; readonly held: number } = {
    entered: 0,
    get held() {
      return [...held.values()].reduce((sum, n) => sum + n, 0);
    },
    enter(host: string): Promise<() => void> {
      return new Promise((resolve) => {
        const tryEnter = () => {
          if ((held.get(host) ?? 0) >= max) return waiting.push(tryEnter);
          held.set(host, (held.get(host) ?? 0) + 1);
          gate.entered += 1;
          let left = false;
          resolve(() => {
            if (left) return;
            left = true;
            held.set(host, held.get(host)! - 1);
            waiting.splice(0).forEach((retry) => retry());
          });
        };
        tryEnter();
      });
    },
  };
  return gate;
}

const pictures = Array.from({ length: 12 }, (_, i) => `<img src="/images/${100 + i}x80.png?c=00${i}0${i}0">`).join('');

describe('a crawl page’s requests wait for their host (real Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch(CHROMIUM_TEST_LAUNCH);
  });
  afterAll(() => browser?.close());

  /** Loads a page of twelve pictures from a server of its own; how many loaded and the most requests it had at once. */
  const load = async (gate?: HostGate) => {
    const site = await startFixtureServer({
      latencyMs: 100,
      handle: (req, res) => {
        if (!req.url?.startsWith('/twelve.html')) return false;
        res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Twelve</title>${pictures}`);
        return true;
      },
    });
    const page = await browser.newPage();
    try {
      if (gate) await gateRequests(page, gate);
      await page.goto(site.url('/twelve.html'), { waitUntil: 'load' });
      const loaded = await page.$$eval('img', (images) => images.filter((image) => image.naturalWidth > 0).length);
      return { loaded, maxInFlight: site.maxInFlight };
    } finally {
      await page.close();
      await site.close();
    }
  };

  it('loads every picture of a page two at a time on the host, and lets every slot go', async () => {
    const gate = countingGate(2);
    const { loaded, maxInFlight } = await load(gate);
    expect(loaded).toBe(12);
    // The page and its twelve pictures (and whatever else the browser asks for) each went through the gate.
    expect(gate.entered).toBeGreaterThanOrEqual(13);
    expect(gate.held).toBe(0);
    expect(maxInFlight).toBeLessThanOrEqual(2);
  });

  it('without a gate the browser loads them many at a time (what the gate prevents)', async () => {
    const { loaded, maxInFlight } = await load();
    expect(loaded).toBe(12);
    expect(maxInFlight).toBeGreaterThan(2);
  });
});
