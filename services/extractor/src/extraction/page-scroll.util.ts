import type { Page } from 'playwright-core';
import type { PageActivity } from '../browser/page-activity';
import { STUCK_MS, waitUntilQuiet } from './page-settle.util';

interface ScrollLimits {
  maxSteps: number;
  maxHeight: number;
  /** Epoch ms after which no further step is taken. */
  deadline: number;
  /** Per step: how long to wait for the page to react before looking again. */
  stepSettleMs: number;
}

interface ScrollOutcome {
  steps: number;
  /** Which cap ended a page that was still growing. */
  cappedBy?: 'steps' | 'height' | 'time';
}

/**
 * Runs in the page: one viewport down, then two frames so scroll handlers (infinite loaders) have run. Already at
 * the bottom, it steps half a viewport up and back down instead: a loader that missed its cue fires again.
 */
async function scrollOneViewport(): Promise<{ height: number; reached: number }> {
  const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const root = document.scrollingElement ?? document.documentElement;
  if (window.scrollY + window.innerHeight >= root.scrollHeight - 2) {
    window.scrollBy(0, -window.innerHeight / 2);
    await frames();
    window.scrollTo(0, root.scrollHeight);
  } else {
    window.scrollBy(0, window.innerHeight);
  }
  await frames();
  return { height: root.scrollHeight, reached: window.scrollY + window.innerHeight };
}

function pageExtent(): { height: number; atBottom: boolean } {
  const height = (document.scrollingElement ?? document.documentElement).scrollHeight;
  return { height, atBottom: window.scrollY + window.innerHeight >= height - 2 };
}

/** Rounds at the bottom, the page quiet and not growing, before the scroll counts as done. */
const STABLE_ROUNDS = 2;

/**
 * Scrolls one viewport at a time and waits after each step only until the page grew or stopped working: above the
 * bottom for content on its way (an infinite loader's fetch, a short timer), at the bottom for everything (lazy
 * images too). Done after STABLE_ROUNDS rounds at the bottom in which the page did not grow and no request was
 * pending — a feed slower than a step's wait is still followed; an endless page is followed to the first cap
 * (steps, height, time).
 */
export async function scrollUntilStable(page: Page, activity: PageActivity, limits: ScrollLimits, onStep?: (step: number) => void): Promise<ScrollOutcome> {
  let step = 0;
  let stableRounds = 0;
  // A page that fits in the viewport has nothing below to load.
  if ((await page.evaluate(pageExtent)).atBottom) return { steps: 0 };
  for (;;) {
    if (step >= limits.maxSteps) return { steps: step, cappedBy: 'steps' };
    if (Date.now() >= limits.deadline) return { steps: step, cappedBy: 'time' };
    step += 1;
    const scrolled = await page.evaluate(scrollOneViewport);
    onStep?.(step);
    if (scrolled.reached >= limits.maxHeight && scrolled.height > limits.maxHeight) return { steps: step, cappedBy: 'height' };
    // Above the bottom, the step waits only for content on its way; at the bottom, for everything (or growth).
    const atBottom = scrolled.reached >= scrolled.height - 2;
    await waitUntilQuiet(page, activity, Math.min(limits.stepSettleMs, limits.deadline - Date.now()), { grownPast: scrolled.height, contentOnly: !atBottom });
    const settled = await page.evaluate(pageExtent);
    // A request still pending (not yet stuck) may be the next batch: that round proves nothing. Endless DOM
    // activity (an animated carousel) does not hold the count back, or such a page would scroll to the caps.
    const waiting = activity.inFlight(STUCK_MS) > 0;
    stableRounds = settled.atBottom && settled.height === scrolled.height && !waiting ? stableRounds + 1 : 0;
    if (stableRounds >= STABLE_ROUNDS) return { steps: step };
  }
}
