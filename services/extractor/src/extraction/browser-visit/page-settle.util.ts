import type { Page } from 'playwright-core';
import type { ActivityProbe } from '../../browser/activity-probe';
import type { PageActivity } from '../../browser/page-activity';
import { pageNow } from '../../browser/page-clock';

/** The DOM must have been still this long to count as settled. */
const QUIET_MS = 50;
/** How soon to look again while requests or images are loading: their end cannot be foreseen. */
const LOADING_POLL_MS = 10;

/** A request or a page load still pending after this long is stuck (a hung tracker, a long poll), not work. */
export const STUCK_MS = 2_500;

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
 * Runs in the page: 0 when it is quiet (or grew past `grownPast`) — loaded (unless loading is stuck), no recent
 * fetch/XHR or short timer pending, the DOM still, images near the viewport done — otherwise how many ms to wait
 * before looking again: until the DOM's quiet window ends, or a short poll while something loads. Short timers
 * pending once nothing loads are run at once (ActivityProbe.runTimersNow) rather than waited for.
 */
function pageQuietIn({ quietMs, stuckMs, loadingPollMs, loading, grownPast, contentOnly }: QuietLook): number {
  if (grownPast !== undefined && (document.scrollingElement ?? document.documentElement).scrollHeight > grownPast)
    return 0;
  if (loading) return loadingPollMs;
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const loadIsStuck = Boolean(
    navigation &&
    navigation.domContentLoadedEventEnd > 0 &&
    performance.now() - navigation.domContentLoadedEventEnd > stuckMs,
  );
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
  return Array.from(document.images).every(
    (img) => img.complete || img.getBoundingClientRect().top > horizon || loadIsStuck,
  )
    ? 0
    : loadingPollMs;
}

/**
 * Waits until the page stopped working on what it shows: loaded, no awaited request in flight (seen by the
 * browser and by the page itself), no short timer pending, the DOM still, images near the viewport loaded.
 * Unlike `networkidle`, beacons, long polls and hung requests (after STUCK_MS) do not keep it waiting, and a
 * quiet page returns at once. Each look says when the next is worth taking, so the wait ends close to the moment
 * the page went quiet. A shorter wait (`options`) ends once the page is taller than `grownPast` (the scroll moves on
 * to a batch without waiting for its pictures), and with `contentOnly` once nothing that can add content is
 * pending, pictures still loading or not: the first settle and the scroll above the bottom wait that way, the
 * rounds at the bottom for everything. Answers false when the time ran out first.
 */
export async function waitUntilQuiet(
  page: Page,
  activity: PageActivity,
  timeoutMs: number,
  options: Pick<QuietLook, 'grownPast' | 'contentOnly'> = {},
): Promise<boolean> {
  const endsAt = pageNow(page) + timeoutMs;
  const { grownPast, contentOnly } = options;
  while (pageNow(page) < endsAt) {
    const loading = activity.inFlight(STUCK_MS, { images: !contentOnly }) > 0;
    // Loading, with no growth to watch for: nothing to ask the page yet.
    const look: QuietLook = {
      quietMs: QUIET_MS,
      stuckMs: STUCK_MS,
      loadingPollMs: LOADING_POLL_MS,
      loading,
      grownPast,
      contentOnly,
    };
    const next =
      loading && grownPast === undefined
        ? LOADING_POLL_MS
        : await page.evaluate(pageQuietIn, look).catch(() => LOADING_POLL_MS);
    if (next === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, Math.min(next, endsAt - pageNow(page))));
  }
  return false;
}
