import type { Page } from 'playwright-core';
import type { ActivityProbe } from '../../browser/activity-probe';
import type { PageActivity } from '../../browser/page-activity';
import { STUCK_MS, waitUntilQuiet } from './page-settle.util';
import { pageNow } from '../../browser/page-clock';

interface ScrollLimits {
  maxSteps: number;
  maxHeight: number;
  /** Epoch ms after which no further step is taken. */
  deadline: number;
  /** After each run of steps: how long to wait for the page to react before looking again. */
  stepSettleMs: number;
}

interface ScrollOutcome {
  steps: number;
  /** Runs of steps taken in the page, each a trip there and back: a feed's batches should not each cost one. */
  runs: number;
  /** Which cap ended a page that was still growing. */
  cappedBy?: 'steps' | 'height' | 'time';
}

interface ScrollRunLimits {
  /** Steps this run may take. */
  steps: number;
  maxHeight: number;
  /** How long the run may go on before the caller looks at the clock and reports progress. */
  budgetMs: number;
  stuckMs: number;
}

interface ScrollRun {
  steps: number;
  height: number;
  reached: number;
}

/**
 * Runs in the page: viewport after viewport, one frame each, until the bottom, a cap, or content on its way — a
 * fetch/XHR the page started or a short timer it set (an infinite loader, a debounced handler). Scroll handlers
 * run in the frame and intersection observers in a task after it: waiting for that task, not a second frame, and
 * not leaving the page between steps, is what makes a long page quick to pass. The page's own requests are waited
 * for here, and when what they brought made the page taller the run goes on: a feed's batches cost no trip back
 * to the extractor. A short timer, or a request that added nothing, ends the run: the caller's wait runs the
 * timers early and looks at everything the browser still loads. Already at the bottom, it steps half a viewport
 * up and back down instead: a loader that missed its cue fires again.
 */
async function scrollViewports({ steps: allowed, maxHeight, budgetMs, stuckMs }: ScrollRunLimits): Promise<ScrollRun> {
  // A message, not setTimeout: the page's setTimeout is the activity probe's, and would count as the page's work.
  const nextTask = () =>
    new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(undefined);
    });
  const afterFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => void nextTask().then(resolve)));
  const root = document.scrollingElement ?? document.documentElement;
  const atBottom = () => window.scrollY + window.innerHeight >= root.scrollHeight - 2;
  const probe = (window as unknown as { __pixtractActivity?: ActivityProbe }).__pixtractActivity;
  const requesting = () =>
    Boolean(probe && [...probe.requestStarts].some(([started]) => Date.now() - started < stuckMs));
  const contentOnItsWay = () => Boolean(probe && probe.shortTimers.size > 0) || requesting();
  const until = performance.now() + budgetMs;
  const AFTER_RESPONSE_TASKS = 8;
  let steps = 0;
  const withinLimits = () =>
    steps < allowed && window.scrollY + window.innerHeight < maxHeight && performance.now() < until;
  if (atBottom()) {
    window.scrollBy(0, -window.innerHeight / 2);
    await afterFrame();
    window.scrollTo(0, root.scrollHeight);
    await afterFrame();
    return { steps: 1, height: root.scrollHeight, reached: window.scrollY + window.innerHeight };
  }
  for (;;) {
    do {
      window.scrollBy(0, window.innerHeight);
      await afterFrame();
      steps += 1;
    } while (withinLimits() && !atBottom() && !contentOnItsWay());
    if (!probe || !withinLimits() || probe.shortTimers.size > 0 || !requesting()) break;
    const height = root.scrollHeight;
    if (!(await probe.requestsEnded(stuckMs, until - performance.now()))) break;
    // What the response brought is added by the page's handlers in the tasks after it (its body read, parsed,
    // rendered), or at the latest in the next frame.
    for (let task = 0; task < AFTER_RESPONSE_TASKS && root.scrollHeight <= height; task += 1) await nextTask();
    if (root.scrollHeight <= height) await afterFrame();
    if (root.scrollHeight <= height || atBottom()) break;
  }
  return { steps, height: root.scrollHeight, reached: window.scrollY + window.innerHeight };
}

function pageExtent(): { height: number; atBottom: boolean } {
  const height = (document.scrollingElement ?? document.documentElement).scrollHeight;
  return { height, atBottom: window.scrollY + window.innerHeight >= height - 2 };
}

/** Rounds at the bottom, the page quiet and not growing, before the scroll counts as done. */
const STABLE_ROUNDS = 2;
/** How long one run of steps in the page may last before the clock is looked at and progress reported. */
const RUN_BUDGET_MS = 1_000;

/**
 * Scrolls one viewport at a time, in runs of steps taken in the page (scrollViewports), and after each run waits
 * only until the page grew or stopped working: above the bottom for content on its way (an infinite loader's
 * fetch, a short timer), at the bottom for everything (lazy images too). Done after STABLE_ROUNDS rounds at the
 * bottom in which the page did not grow and no request was pending — a feed slower than a step's wait is still
 * followed; an endless page is followed to the first cap (steps, height, time). A page that fits in the viewport
 * gets one full wait, then is done unless it grew.
 */
export async function scrollUntilStable(
  page: Page,
  activity: PageActivity,
  limits: ScrollLimits,
  onStep?: (step: number) => void,
): Promise<ScrollOutcome> {
  let step = 0;
  let runs = 0;
  let stableRounds = 0;
  if ((await page.evaluate(pageExtent)).atBottom) {
    await waitUntilQuiet(page, activity, Math.min(limits.stepSettleMs, limits.deadline - pageNow(page)));
    if ((await page.evaluate(pageExtent)).atBottom) return { steps: 0, runs };
  }
  for (;;) {
    if (step >= limits.maxSteps) return { steps: step, runs, cappedBy: 'steps' };
    if (pageNow(page) >= limits.deadline) return { steps: step, runs, cappedBy: 'time' };
    const run: ScrollRunLimits = {
      steps: limits.maxSteps - step,
      maxHeight: limits.maxHeight,
      budgetMs: Math.min(RUN_BUDGET_MS, limits.deadline - pageNow(page)),
      stuckMs: STUCK_MS,
    };
    const scrolled = await page.evaluate(scrollViewports, run);
    step += scrolled.steps;
    runs += 1;
    onStep?.(step);
    if (scrolled.reached >= limits.maxHeight && scrolled.height > limits.maxHeight)
      return { steps: step, runs, cappedBy: 'height' };
    // Above the bottom, the run waits only for content on its way; at the bottom, for everything (or growth).
    const atBottom = scrolled.reached >= scrolled.height - 2;
    await waitUntilQuiet(page, activity, Math.min(limits.stepSettleMs, limits.deadline - pageNow(page)), {
      grownPast: scrolled.height,
      contentOnly: !atBottom,
    });
    const settled = await page.evaluate(pageExtent);
    // A request still pending (not yet stuck) may be the next batch: that round proves nothing. Endless DOM
    // activity (an animated carousel) does not hold the count back, or such a page would scroll to the caps.
    const waiting = activity.inFlight(STUCK_MS) > 0;
    stableRounds = settled.atBottom && settled.height === scrolled.height && !waiting ? stableRounds + 1 : 0;
    if (stableRounds >= STABLE_ROUNDS) return { steps: step, runs };
  }
}
