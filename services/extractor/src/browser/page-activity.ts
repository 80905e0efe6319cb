import type { Page, Request, Response } from 'playwright-core';
import type { NetworkImage } from '../extraction/snapshot/page-snapshot';
import { pageNow } from './page-clock';

/** Requests whose end can change what the page shows; beacons, sockets and media streams do not count. */
const AWAITED_TYPES = new Set(['document', 'script', 'stylesheet', 'image', 'xhr', 'fetch']);
/** A page with more image responses than this is recorded up to here (the image cap applies later anyway). */
const MAX_RECORDED_IMAGES = 20_000;

/**
 * Watches one page's network: the requests still in flight (for settling without `networkidle`), every image
 * response received (network capture), and requests the guard proxy refused (a warning for the person).
 */
export class PageActivity {
  /** Requests in flight: when they started, and whether they fetch a picture (which adds no content of its own). */
  private readonly pending = new Map<Request, { started: number; image: boolean }>();
  private readonly received = new Map<string, { image: NetworkImage; response: Response; document: number }>();
  /** Documents the main frame has shown so far (not same-document navigations): which one an image came to. */
  private document = 0;
  private documentRequested = false;
  refusedRequests = 0;

  constructor(private readonly page: Page) {
    page.on(
      'request',
      (request) =>
        AWAITED_TYPES.has(request.resourceType()) &&
        this.pending.set(request, { started: pageNow(page), image: request.resourceType() === 'image' }),
    );
    page.on('requestfinished', (request) => this.pending.delete(request));
    page.on('requestfailed', (request) => {
      this.pending.delete(request);
      if (/ERR_TUNNEL_CONNECTION_FAILED|ERR_PROXY/.test(request.failure()?.errorText ?? '')) this.refusedRequests += 1;
    });
    page.on('response', (response) => this.onResponse(response));
    // A new document is a main-frame navigation that requested one; an SPA's pushState requests nothing.
    page.on(
      'request',
      (request) =>
        request.isNavigationRequest() && request.frame() === page.mainFrame() && (this.documentRequested = true),
    );
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || !this.documentRequested) return;
      this.documentRequested = false;
      this.document += 1;
    });
  }

  /**
   * Requests in flight that started less than `stuckAfterMs` ago (a hung tracker does not hold the page up);
   * without `images`, only those that can bring content (documents, scripts, styles, fetch/XHR).
   */
  inFlight(stuckAfterMs: number, { images = true } = {}): number {
    const since = pageNow(this.page) - stuckAfterMs;
    let count = 0;
    for (const { started, image } of this.pending.values()) if (started > since && (images || !image)) count += 1;
    return count;
  }

  get imagesReceived(): number {
    return this.received.size;
  }

  /** The image responses of the document shown now: a page that moved on by itself (location.replace) shows what it landed on. */
  images(): NetworkImage[] {
    return [...this.received.values()].filter(({ document }) => document === this.document).map(({ image }) => image);
  }

  /**
   * The bytes the browser received for `url` (no new download), when it kept them and has all of them: a picture
   * still arriving (a slow CDN dripping 20 MB) would hold measuring up to the job's limit, so it is probed instead.
   */
  async bodyOf(url: string): Promise<Buffer | undefined> {
    const entry = this.received.get(url);
    if (!entry || this.pending.has(entry.response.request())) return undefined;
    return entry.response.body().catch(() => undefined);
  }

  private onResponse(response: Response): void {
    const status = response.status();
    const type = response.headers()['content-type']?.split(';')[0].trim().toLowerCase();
    // The guard proxy answers a refused plain-http request itself, with a 403 text/plain.
    const request = response.request();
    if (
      status === 403 &&
      type === 'text/plain' &&
      !(request.isNavigationRequest() && request.frame() === this.page.mainFrame())
    )
      this.refusedRequests += 1;
    if (status < 200 || status >= 300 || this.received.size >= MAX_RECORDED_IMAGES) return;
    const url = response.url();
    const resourceType = request.resourceType();
    // A prefetch (resource type "other") is for the next page, not this one.
    if (
      !(type?.startsWith('image/') || (resourceType === 'image' && !type)) ||
      resourceType === 'other' ||
      this.received.has(url)
    )
      return;
    const length = Number(response.headers()['content-length']);
    this.received.set(url, {
      response,
      document: this.document,
      image: {
        url,
        mimeType: type,
        bytes: Number.isInteger(length) && length > 0 ? length : undefined,
        order: this.received.size,
      },
    });
  }
}
