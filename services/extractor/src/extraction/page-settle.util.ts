import type { Page } from 'playwright-core';
import type { ActivityProbe } from '../browser/activity-probe';
import type { PageActivity } from '../browser/page-activity';
import { ORIGINAL_SRC_ATTRIBUTE } from './snapshot/page-snapshot';

/** The DOM must have been still this long to count as settled. */
const QUIET_MS = 50;
/** How soon to look again while requests or images are loading: their end cannot be foreseen. */
const LOADING_POLL_MS = 10;

/** A request or a page load still pending after this long is stuck (a hung tracker, a long poll), not work. */
const STUCK_MS = 2_500;

interface QuietLook {
  quietMs: number;
  stuckMs: number;
  loadingPollMs: number;
  /** The browser has an awaited request in flight. */
  loading: boolean;
  /** A height past which the wait is over: the page grew, and the scroll goes on to what it added. */
  grownPast?: number;
  /** Only work that can add content counts (the page's requests, short timers): not pictures loading, not a still DOM. */
  contentOnly?: boolean;
}

/**
 * Runs in the page: 0 when it is quiet (or grew past `grownPast`) — loaded (unless loading is stuck), no recent fetch/XHR or short timer
 * pending, the DOM still, images near the viewport done — otherwise how many ms to wait before looking again:
 * until the DOM's quiet window ends, or a short poll while something loads. Short timers pending once nothing
 * loads are run at once (ActivityProbe.runTimersNow) rather than waited for.
 */
function pageQuietIn({ quietMs, stuckMs, loadingPollMs, loading, grownPast, contentOnly }: QuietLook): number {
  if (grownPast !== undefined && (document.scrollingElement ?? document.documentElement).scrollHeight > grownPast) return 0;
  if (loading) return loadingPollMs;
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const loadIsStuck = Boolean(navigation && navigation.domContentLoadedEventEnd > 0 && performance.now() - navigation.domContentLoadedEventEnd > stuckMs);
  if (document.readyState !== 'complete' && !loadIsStuck) return loadingPollMs;
  const probe = (window as unknown as { __pixtractActivity?: ActivityProbe }).__pixtractActivity;
  const now = Date.now();
  if (probe) {
    if ([...probe.requestStarts].some(([started]) => now - started < stuckMs)) return loadingPollMs;
    // What the timers do (insert a gallery, fetch it) is looked at next.
    if (probe.runTimersNow() > 0) return 1;
    if (contentOnly) return 0;
    if (now - probe.lastMutation < quietMs) return probe.lastMutation + quietMs - now;
  }
  const horizon = window.innerHeight * 2;
  return Array.from(document.images).every((img) => img.complete || img.getBoundingClientRect().top > horizon || loadIsStuck) ? 0 : loadingPollMs;
}

/**
 * Waits until the page stopped working on what it shows: loaded, no awaited request in flight (seen by the
 * browser and by the page itself), no short timer pending, the DOM still, images near the viewport loaded.
 * Unlike `networkidle`, beacons, long polls and hung requests (after STUCK_MS) do not keep it waiting, and a
 * quiet page returns at once. Each look says when the next is worth taking, so the wait ends close to the moment
 * the page went quiet. A scroll step's wait is shorter (`step`): it ends once the page is taller than `grownPast`
 * (the scroll moves on to a batch without waiting for its pictures), and with `contentOnly` once nothing that can
 * add content is pending, pictures still loading or not (the rounds at the bottom wait for everything). Answers
 * false when the time ran out first.
 */
export async function waitUntilQuiet(page: Page, activity: PageActivity, timeoutMs: number, step: Pick<QuietLook, 'grownPast' | 'contentOnly'> = {}): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  const { grownPast, contentOnly } = step;
  while (Date.now() < until) {
    const loading = activity.inFlight(STUCK_MS, { images: !contentOnly }) > 0;
    // Loading, with no growth to watch for: nothing to ask the page yet.
    const look: QuietLook = { quietMs: QUIET_MS, stuckMs: STUCK_MS, loadingPollMs: LOADING_POLL_MS, loading, grownPast, contentOnly };
    const next = loading && grownPast === undefined ? LOADING_POLL_MS : await page.evaluate(pageQuietIn, look).catch(() => LOADING_POLL_MS);
    if (next === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, Math.min(next, until - Date.now())));
  }
  return false;
}

/**
 * Runs in the page: lazy images load now (eager loading, lazy attributes copied to the real ones). An <img>'s own
 * src is kept aside under `keepSrcAs` first; a Shopify `{width}` template gets its widest `data-widths` entry.
 */
function forceLazyImages({ lazy, keepSrcAs }: { lazy: { src: string[]; srcset: string[] }; keepSrcAs: string }): number {
  let forced = 0;
  // withTemplateWidth (img.collector) in page form: a function run in the page cannot import.
  const filled = (value: string | null | undefined, widths: string | null) => {
    if (!value?.includes('{width}')) return value;
    const widest = Math.max(...(widths?.match(/\d+/g) ?? []).map(Number));
    return Number.isFinite(widest) ? value.split('{width}').join(String(widest)) : undefined;
  };
  for (const img of Array.from(document.querySelectorAll('img, source'))) {
    if (img instanceof HTMLImageElement && img.loading === 'lazy') {
      img.loading = 'eager';
      forced += 1;
    }
    const src = filled(
      lazy.src.map((name) => img.getAttribute(name)).find((value) => value && value.trim()),
      img.getAttribute('data-widths'),
    );
    const srcset = lazy.srcset.map((name) => img.getAttribute(name)).find((value) => value && value.trim());
    if (srcset && img.getAttribute('srcset') !== srcset) {
      img.setAttribute('srcset', srcset);
      forced += 1;
    }
    if (src && img instanceof HTMLImageElement && img.getAttribute('src') !== src) {
      if (!img.hasAttribute(keepSrcAs)) img.setAttribute(keepSrcAs, img.getAttribute('src') ?? '');
      img.setAttribute('src', src);
      forced += 1;
    }
  }
  return forced;
}

export async function forceLazyLoading(page: Page, lazy: { src: string[]; srcset: string[] }): Promise<number> {
  return page.evaluate(forceLazyImages, { lazy, keepSrcAs: ORIGINAL_SRC_ATTRIBUTE });
}

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
