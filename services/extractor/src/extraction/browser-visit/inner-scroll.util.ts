import type { Page } from 'playwright-core';
import type { ActivityProbe } from '../../browser/activity-probe';
import type { PageActivity } from '../../browser/page-activity';
import { STUCK_MS, waitUntilQuiet } from './page-settle.util';
import { pageNow } from '../../browser/page-clock';

/** The largest scrollable elements scrolled, at most. */
const MAX_SCROLLERS = 3;
/** Rounds at an element's end, the page quiet and nothing added, before it counts as done. */
const STABLE_ROUNDS = 1;
const SCROLLER_MARK = 'data-pixtract-scroller';

interface InnerScrollLimits {
  maxSteps: number;
  deadline: number;
  stepSettleMs: number;
}

/**
 * Runs in the page: when the document itself scrolls less than half a viewport, the largest elements that scroll
 * (an app shell's full-height <main>, a side panel, a horizontal strip), by visible area, each marked with its
 * number; how many.
 */
function markScrollers({ max, mark }: { max: number; mark: string }): number {
  const root = document.scrollingElement ?? document.documentElement;
  if (root.scrollHeight - window.innerHeight > window.innerHeight / 2) return 0;
  const scrolls = (element: Element) => {
    const style = getComputedStyle(element);
    const vertical = /auto|scroll|overlay/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 20;
    const horizontal = /auto|scroll|overlay/.test(style.overflowX) && element.scrollWidth > element.clientWidth + 20;
    return vertical || horizontal;
  };
  const scrollers = Array.from(document.body?.querySelectorAll('*') ?? [])
    .filter((element) => element.clientHeight > 0 && element.clientWidth > 0 && scrolls(element))
    .map((element) => ({ element, area: element.clientWidth * element.clientHeight }))
    .sort((a, b) => b.area - a.area)
    .slice(0, max);
  scrollers.forEach(({ element }, index) => element.setAttribute(mark, String(index)));
  return scrollers.length;
}

interface ScrollerRun {
  index: number;
  mark: string;
  steps: number;
  budgetMs: number;
  stuckMs: number;
}

/**
 * Runs in the page: one element scrolled a view at a time, down and then across, one frame and the task after it
 * per step (where observers rooted on it report), the page's own requests awaited when a step started one. Answers
 * the steps taken, whether the element's end was reached and its scroll size then.
 */
async function scrollElement({ index, mark, steps: allowed, budgetMs, stuckMs }: ScrollerRun) {
  const element = document.querySelector(`[${mark}="${index}"]`);
  if (!element) return { steps: 0, atEnd: true, size: 0 };
  const nextTask = () =>
    new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(undefined);
    });
  const afterFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => void nextTask().then(resolve)));
  const probe = (window as unknown as { __pixtractActivity?: ActivityProbe }).__pixtractActivity;
  const requesting = () => Boolean(probe && [...probe.requestStarts].some(([s]) => Date.now() - s < stuckMs));
  const until = performance.now() + budgetMs;
  const atBottom = () => element.scrollTop + element.clientHeight >= element.scrollHeight - 2;
  const atRight = () =>
    Math.abs(element.scrollLeft) + element.clientWidth >= element.scrollWidth - 2 ||
    getComputedStyle(element).overflowX === 'hidden';
  let steps = 0;
  while (steps < allowed && performance.now() < until && !(atBottom() && atRight())) {
    if (!atBottom()) element.scrollBy(0, element.clientHeight);
    else
      element.scrollBy(getComputedStyle(element).direction === 'rtl' ? -element.clientWidth : element.clientWidth, 0);
    await afterFrame();
    steps += 1;
    if (requesting() && probe) await probe.requestsEnded(stuckMs, Math.max(1, until - performance.now()));
  }
  return { steps, atEnd: atBottom() && atRight(), size: element.scrollHeight + element.scrollWidth };
}

/**
 * The window's scroll (page-scroll.util) for pages whose document does not scroll: their largest scrollers are
 * scrolled to their ends, down and across, waiting after each run for what the page loads, until an element's
 * end stays its end for STABLE_ROUNDS rounds or a cap (steps, deadline) is reached. Answers the steps taken.
 */
export async function scrollInnerScrollers(
  page: Page,
  activity: PageActivity,
  limits: InnerScrollLimits,
): Promise<number> {
  const count = await page.evaluate(markScrollers, { max: MAX_SCROLLERS, mark: SCROLLER_MARK });
  let steps = 0;
  for (let index = 0; index < count; index += 1) {
    let stable = 0;
    let size = -1;
    while (stable < STABLE_ROUNDS && steps < limits.maxSteps && pageNow(page) < limits.deadline) {
      const run = await page.evaluate(scrollElement, {
        index,
        mark: SCROLLER_MARK,
        steps: limits.maxSteps - steps,
        budgetMs: Math.max(1, limits.deadline - pageNow(page)),
        stuckMs: STUCK_MS,
      });
      steps += run.steps;
      await waitUntilQuiet(page, activity, Math.max(1, Math.min(limits.stepSettleMs, limits.deadline - pageNow(page))));
      stable = run.atEnd && run.size === size ? stable + 1 : 0;
      size = run.size;
    }
  }
  return steps;
}
