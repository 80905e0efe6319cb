import { Inject, Injectable, Logger } from '@nestjs/common';
import { ERROR_MESSAGES, ErrorCode, ExtractionWarning } from '@pixtract/contracts';
import type { HostGate } from '@pixtract/safe-fetch';
import { errors, Page, Response } from 'playwright-core';
import { BrowserPoolService } from '../../browser/browser-pool.service';
import { PageActivity } from '../../browser/page-activity';
import { countReceivedBytes } from '../../browser/received-bytes';
import { gateRequests } from '../../browser/request-gating';
import {
  answerWithinMs,
  EXTRACTOR_CONFIG,
  ExtractorConfig,
  NAVIGATION_SHARE,
  type VisitBehaviour,
} from '../../extractor.config';
import { LAZY_ATTRIBUTES, LazyAttributes } from '../collectors/lazy-attributes';
import type { ReceivedBody } from '../measuring/image-measurer.service';
import type { StageReporter } from '../job-progress';
import { looksBusy, waitWhileBusy } from './busy-page.util';
import { scrollInnerScrollers } from './inner-scroll.util';
import { httpStatusWarning } from '../http-status-warning';
import { forceLazyLoading } from './lazy-images.util';
import { scrollUntilStable } from './page-scroll.util';
import { waitUntilQuiet } from './page-settle.util';
import { findRevealControls, revealContent, type RevealControls, type RevealOutcome } from './reveal-controls.util';
import { MAX_WALKED_ELEMENTS, snapshotRenderedPage } from '../snapshot/browser-snapshot';
import { pictureAddressSnapshot, type PageSnapshot } from '../snapshot/page-snapshot';
import { pageNow } from '../../browser/page-clock';

/** Shares of the job's time limit: navigation may use half, scrolling ends by 70%, leaving room to collect. */
const SCROLL_SHARE = 0.7;
const FIRST_SETTLE_MS = 5_000;
const STEP_SETTLE_MS = 1_500;
/** Milliseconds until the job's deadline in the page's time, at least 1 (a timeout of 0 would mean none). */
const timeLeft = (page: Page, deadline: number) => Math.max(1, deadline - pageNow(page));
/** Pages that move on by themselves followed at most this far (a landing page's redirect, a consent hop). */
const MAX_PAGE_HOPS = 3;
/** Looks at a page that keeps moving on, taken as it stands, before it is given up on. */
const AS_IT_STANDS_TRIES = 3;

/**
 * Keeps the page on the document it shows: the main frame's next navigations are refused, so a page that moves on
 * every few milliseconds can be looked at however slow the machine is. Frames and other requests go on as before.
 */
const holdDocument = (page: Page) =>
  page.route('**/*', (route) => {
    const request = route.request();
    return request.isNavigationRequest() && request.frame() === page.mainFrame()
      ? route.abort('aborted')
      : route.fallback();
  });

/** Who the work is for; every log line of the job carries it. */
export interface JobContext {
  jobId?: string;
  extractionId: string;
  requestId?: string;
}

interface RenderedPage {
  snapshot: PageSnapshot;
  received: ReceivedBody;
}

/** What the rendered page yields to the caller's analysis, while the page is still open. */
type RenderedPageAnalysis<T> = (snapshot: PageSnapshot, received: ReceivedBody) => Promise<T>;

export interface BrowserVisit<T> {
  sourceUrl: string;
  warnings: ExtractionWarning[];
  result?: T;
  /** A failure the person should read, as its catalogue code. */
  error?: ErrorCode;
}

/**
 * The browser path: load the page in a fresh context (fonts and media blocked, popups and dialogs dismissed),
 * let it settle, force lazy images, scroll to the end or the caps, and snapshot it. The analysis runs while the
 * page is open, so measuring can use the bytes the browser already received. A hard timer closes the context at
 * the job's deadline: a runaway page ends with what was found before, or PAGE_TIMEOUT. `signal` stops a visit its
 * caller no longer needs the same way. A crawl's page (`crawl`) renders in the crawl's browser, its `userAgent`
 * replaces Chromium's on the page's requests and each request waits for its host's `hostGate`.
 */
@Injectable()
export class BrowserVisitService {
  private readonly logger = new Logger(BrowserVisitService.name);

  constructor(
    private readonly browsers: BrowserPoolService,
    @Inject(EXTRACTOR_CONFIG) private readonly config: ExtractorConfig,
    @Inject(LAZY_ATTRIBUTES) private readonly lazy: LazyAttributes,
  ) {}

  async visit<T>(
    url: string,
    job: JobContext,
    deadline: number,
    report: StageReporter,
    analyse: RenderedPageAnalysis<T>,
    countBytes: (bytes: number) => void,
    imageLimit: number,
    signal?: AbortSignal,
    crawl?: { userAgent?: string; hostGate?: HostGate },
  ): Promise<BrowserVisit<T>> {
    const visit: BrowserVisit<T> = { sourceUrl: url, warnings: [] };
    const session = await this.browsers.openPage(crawl ? 'crawl' : 'visitor');
    let timedOut = false;
    let analysing = false;
    // The page's time: a crawl page whose browser was paused (a visitor's extraction) has that long more.
    let timer: NodeJS.Timeout | undefined;
    const stopAtDeadline = () => {
      const left = deadline - pageNow(session.page);
      if (left > 0) timer = setTimeout(stopAtDeadline, left);
      else {
        timedOut = true;
        void session.close();
      }
    };
    stopAtDeadline();
    const stop = () => void session.close();
    signal?.addEventListener('abort', stop, { once: true });
    if (signal?.aborted) stop();
    try {
      await countReceivedBytes(session.page, countBytes);
      // Every request of the page, the document and all it loads, says who asks (a crawl: Pixtract).
      if (crawl?.userAgent) await session.page.setExtraHTTPHeaders({ 'user-agent': crawl.userAgent });
      // …and waits for its host's room, as the worker's own requests do.
      if (crawl?.hostGate) await gateRequests(session.page, crawl.hostGate);
      const snapshot = await this.render(session.page, url, visit, report, deadline, imageLimit);
      if (snapshot) {
        analysing = true;
        visit.result = await analyse(snapshot.snapshot, snapshot.received);
      }
      return visit;
    } catch (error) {
      // Stopped by its caller (auto mode took the static path): nothing to report.
      if (signal?.aborted) return visit;
      if (timedOut) {
        this.logger.warn({ msg: 'page stopped at the time limit', analysing, ...job });
        return { ...visit, error: ErrorCode.PageTimeout };
      }
      if (session.lost) throw error;
      return { ...visit, error: this.failureCode(error, job) };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      // The result does not wait for the context to close (the next job's page is already prepared).
      void session.close();
    }
  }

  private async render(
    page: Page,
    url: string,
    visit: BrowserVisit<unknown>,
    report: StageReporter,
    deadline: number,
    imageLimit: number,
  ): Promise<RenderedPage | undefined> {
    const activity = new PageActivity(page);

    report('loading', 0);
    let response: Response | null;
    try {
      response = await page.goto(url, {
        waitUntil: 'domcontentloaded',
        timeout: Math.min(this.config.EXTRACTOR_JOB_TIMEOUT_MS * NAVIGATION_SHARE, timeLeft(page, deadline)),
      });
    } catch (error) {
      // An address that downloads a file (Content-Disposition: attachment): the file, if it is a picture, is the page.
      if (error instanceof Error && /Download is starting/.test(error.message))
        return { snapshot: pictureAddressSnapshot(url), received: () => Promise.resolve(undefined) };
      // Still loading when the navigation's share of the time ran out (HTML that keeps streaming, a script holding
      // the parser up): the page as far as it came is what the visitor gets, with a warning, rather than nothing.
      // A page that sent nothing at all (still about:blank) did not answer in the time it is given.
      if (error instanceof errors.TimeoutError && page.url() === 'about:blank') {
        this.didNotAnswer(visit);
        return undefined;
      }
      if (error instanceof errors.TimeoutError) {
        const startedAt = deadline - this.config.EXTRACTOR_JOB_TIMEOUT_MS;
        visit.warnings.push({
          code: 'STILL_LOADING',
          values: { seconds: Math.round((pageNow(page) - startedAt) / 1000) },
        });
        return this.captured(page, activity, visit);
      }
      throw error;
    }
    visit.sourceUrl = page.url();
    const refusal = await guardProxyRefusal(response);
    // The guard proxy's own 504: our wait for the first byte ended, the site sent no such status.
    if (refusal === ErrorCode.UpstreamTimeout) {
      this.didNotAnswer(visit);
      return undefined;
    }
    if (refusal) {
      visit.error = refusal;
      return undefined;
    }
    if (response && response.status() >= 400)
      visit.warnings.push(httpStatusWarning(response.status(), response.headers()['retry-after']));
    if (response?.headers()['content-type']?.startsWith('image/'))
      return { snapshot: pictureAddressSnapshot(page.url()), received: (imageUrl) => activity.bodyOf(imageUrl) };
    // A page that moves on by itself (location.replace, a meta refresh) is followed to where it lands.
    // Past MAX_PAGE_HOPS it is held where it is (its next moves refused) and taken as it stands, with no settling or
    // scrolling; a page that still moves on between looks has no page to show.
    for (let hop = 0; hop <= MAX_PAGE_HOPS + AS_IT_STANDS_TRIES; hop += 1) {
      try {
        if (hop === MAX_PAGE_HOPS) await holdDocument(page);
        return hop < MAX_PAGE_HOPS
          ? await this.renderLoaded(page, activity, visit, report, deadline, imageLimit)
          : await this.captured(page, activity, visit);
      } catch (error) {
        if (!(error instanceof Error) || !/Execution context was destroyed|navigat/i.test(error.message)) throw error;
        await page.waitForLoadState('domcontentloaded', { timeout: timeLeft(page, deadline) });
      }
    }
    visit.error = ErrorCode.TooManyRedirects;
    return undefined;
  }

  /** The loaded page settled, forced, scrolled and walked; a navigation on the way throws (the caller follows it). */
  private async renderLoaded(
    page: Page,
    activity: PageActivity,
    visit: BrowserVisit<unknown>,
    report: StageReporter,
    deadline: number,
    imageLimit: number,
  ): Promise<RenderedPage> {
    const startedAt = deadline - this.config.EXTRACTOR_JOB_TIMEOUT_MS;
    const scrollDeadline = Math.min(
      startedAt + this.config.EXTRACTOR_SCROLL_MAX_MS,
      startedAt + this.config.EXTRACTOR_JOB_TIMEOUT_MS * SCROLL_SHARE,
    );
    const enabled = (behaviour: VisitBehaviour) => !this.config.EXTRACTOR_DISABLED_BEHAVIOURS.includes(behaviour);
    // Only what brings content is awaited here: pictures load, and the DOM comes to rest, during the scroll, whose
    // rounds at the bottom wait for everything.
    await waitUntilQuiet(page, activity, Math.min(FIRST_SETTLE_MS, timeLeft(page, deadline)), { contentOnly: true });
    // The reasons for more are looked for at once (one round trip): busy signs, a consent wall, Load more.
    const noControls: RevealControls = { consent: false, loadMore: false };
    const lookForControls = () => (enabled('reveal-clicks') ? findRevealControls(page) : noControls);
    const [busy, firstLook] = await Promise.all([enabled('busy-wait') && looksBusy(page), lookForControls()]);
    let controls = firstLook;
    // A page still showing skeletons or a spinner is hydrating: its pictures come later than any timer settling runs.
    if (busy) {
      await waitWhileBusy(page, activity, Math.min(startedAt + this.config.EXTRACTOR_BUSY_WAIT_MS, scrollDeadline));
      controls = await lookForControls();
    }
    const revealed: RevealOutcome = await revealContent(
      page,
      activity,
      {
        maxClicks: this.config.EXTRACTOR_REVEAL_MAX_CLICKS,
        deadline: scrollDeadline,
        maxImages: imageLimit,
        settleMs: STEP_SETTLE_MS,
      },
      controls,
      ({ consentAccepted, loadMorePresses }) =>
        report('scrolling', activity.imagesReceived, 0, undefined, { consentAccepted, loadMorePresses }),
    );

    report('scrolling', activity.imagesReceived);
    await forceLazyLoading(page, this.lazy);
    const scrolled = await scrollUntilStable(
      page,
      activity,
      {
        maxSteps: this.config.EXTRACTOR_SCROLL_MAX_STEPS,
        maxHeight: this.config.EXTRACTOR_SCROLL_MAX_HEIGHT_PX,
        deadline: scrollDeadline,
        stepSettleMs: STEP_SETTLE_MS,
      },
      (step) => {
        // Lazy images the scroll brought in get the same treatment (evaluations run in order on the page).
        void forceLazyLoading(page, this.lazy).catch(() => undefined);
        report('scrolling', activity.imagesReceived, step / this.config.EXTRACTOR_SCROLL_MAX_STEPS);
      },
    );

    // An app shell whose document does not scroll: its own scrollers are scrolled the same way.
    if (enabled('inner-scroll')) {
      const innerSteps = await scrollInnerScrollers(page, activity, {
        maxSteps: this.config.EXTRACTOR_SCROLL_MAX_STEPS,
        deadline: scrollDeadline,
        stepSettleMs: STEP_SETTLE_MS,
      });
      if (innerSteps > 0) await forceLazyLoading(page, this.lazy);
    }

    report('collecting', activity.imagesReceived);
    const captured = await this.captured(page, activity, visit, revealed.imagesBeforeClicks);
    if (scrolled.cappedBy) visit.warnings.push({ code: 'SCROLL_CAPPED', values: { cap: scrolled.cappedBy } });
    return captured;
  }

  /**
   * The page as it stands, walked, and its warnings noted: only now, as a page that moved on before this point is
   * walked again where it landed.
   */
  private async captured(
    page: Page,
    activity: PageActivity,
    visit: BrowserVisit<unknown>,
    imagesBeforeClicks?: number,
  ): Promise<RenderedPage> {
    const rendered = await snapshotRenderedPage(page, {
      keyframes: !this.config.EXTRACTOR_DISABLED_BEHAVIOURS.includes('keyframes'),
    });
    visit.sourceUrl = page.url();
    if (rendered.truncated) visit.warnings.push({ code: 'ELEMENTS_CAPPED', values: { limit: MAX_WALKED_ELEMENTS } });
    if (activity.refusedRequests > 0)
      visit.warnings.push({ code: 'REFUSED_REQUESTS', values: { count: activity.refusedRequests } });
    // The browser fetches cursor images too, and the stand-ins the page replaced: responses, not pictures of the page.
    const network = activity
      .images()
      .filter((image) => !rendered.notPictures.has(image.url))
      .map((image) =>
        imagesBeforeClicks !== undefined && image.order >= imagesBeforeClicks ? { ...image, revealed: true } : image,
      );
    const snapshot: PageSnapshot = { url: page.url(), elements: rendered.elements, stylesheets: [], network };
    return { snapshot, received: (imageUrl: string) => activity.bodyOf(imageUrl) };
  }

  /** A failure caused by the page or the site, as the catalogue code of the words the person reads. */
  /** Nothing of the page came within the time a page is given to answer: said in our words, with that time. */
  private didNotAnswer(visit: BrowserVisit<unknown>): void {
    visit.error = ErrorCode.PageDidNotAnswer;
    visit.warnings.push(noAnswerWarning(this.config));
  }

  private failureCode(error: unknown, job: JobContext): ErrorCode {
    if (error instanceof errors.TimeoutError) return ErrorCode.PageTimeout;
    if (error instanceof Error && /net::ERR_/.test(error.message)) {
      this.logger.log({ msg: 'page could not be loaded', reason: /net::ERR_\w+/.exec(error.message)?.[0], ...job });
      return ErrorCode.UpstreamFailed;
    }
    // The page script or our own code broke; logged in full, reported as a plain failure (retrying will not help).
    this.logger.error({ msg: 'extraction failed', err: error, ...job });
    return ErrorCode.ExtractionFailed;
  }
}

const CATALOGUE_CODES = new Map(Object.entries(ERROR_MESSAGES).map(([code, message]) => [message, code as ErrorCode]));

/** The warning that says how long a page that did not answer was given. */
export const noAnswerWarning = (config: ExtractorConfig): ExtractionWarning => ({
  code: 'NO_ANSWER',
  values: { seconds: Math.round(answerWithinMs(config) / 1000) },
});

/** The guard proxy's own answers: a refusal (403), or an upstream that failed (502) or did not answer in time (504). */
const GUARD_PROXY_STATUSES = new Set([403, 502, 504]);

/**
 * A plain-http navigation the guard proxy refused (a redirect to an internal address, say) or could not complete
 * arrives as the proxy's own text/plain answer carrying a catalogue message; that message is the extraction's error,
 * not an HTTP status of the site. (Refused https hops fail the tunnel instead: net::ERR_TUNNEL_CONNECTION_FAILED.)
 */
async function guardProxyRefusal(response: Response | null): Promise<ErrorCode | undefined> {
  if (!response || !GUARD_PROXY_STATUSES.has(response.status())) return undefined;
  if (!response.headers()['content-type']?.startsWith('text/plain')) return undefined;
  const body = await response.text().catch(() => '');
  return CATALOGUE_CODES.get(body);
}
