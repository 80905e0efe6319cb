import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ExtractionWarning } from '@pixtract/contracts';
import { safeFetch, SafeFetchPolicy } from '@pixtract/safe-fetch';
import type { IncomingHttpHeaders } from 'node:http';
import { SAFE_FETCH_POLICY } from '../../extractor.config';
import { pictureAddressSnapshot, type PageSnapshot, type StylesheetRecord } from '../snapshot/page-snapshot';
import { httpStatusWarning } from '../http-status-warning';
import { readCapped } from './read-capped.util';
import { importsOf, parseHtml } from '../snapshot/static-snapshot';
import { SelectorTest, usedRules } from '../snapshot/used-stylesheet';
import { decodeCss, decodeHtml } from './text-encoding.util';

/** Stylesheets read per page (linked and imported), and how much of each. */
const MAX_STYLESHEETS = 20;
const MAX_STYLESHEET_BYTES = 2 * 1024 * 1024;
/** How many levels of @import are followed below a linked sheet: a theme, its parts, a vendor sheet. */
const MAX_IMPORT_DEPTH = 3;
const MAX_HTML_BYTES = 10 * 1024 * 1024;
/**
 * A `<meta http-equiv="refresh">` moving on within this many seconds is followed like a redirect, at most
 * MAX_REFRESHES times: the visitor sees the page it lands on. A longer delay leaves the visitor on the page.
 */
const MAX_REFRESH_SECONDS = 5;
const MAX_REFRESHES = 3;

interface StaticPage {
  /** The parsed HTML with its inline styles; `withStylesheets` adds the linked ones. */
  snapshot: PageSnapshot;
  sourceUrl: string;
  warnings: ExtractionWarning[];
  /** Why the page needs a browser, when it does (the auto mode's heuristics); undefined = static is complete. */
  needsBrowser?: string;
  linkedStylesheets: Array<{ url: string; index: number }>;
  /** Which rules of the linked stylesheets apply: those whose selectors match an element of the page. */
  matchesSelector: SelectorTest;
  /** The page's encoding: its stylesheets that declare none are read in it. */
  encoding: string;
  /** No doctype: a same-origin stylesheet applies whatever type it is served as. */
  quirksMode: boolean;
  /** Bytes of HTML read (the job's progress counts them). */
  bytes: number;
  /** What the page was read under: its stylesheets are read under it too. */
  policy: SafeFetchPolicy;
}

/**
 * The static path: the HTML through the SSRF-safe fetcher, parsed without running scripts, then its linked
 * stylesheets — in two steps, so a page the auto mode sends to the browser costs no stylesheet fetches. The same
 * element records the browser path produces. SafeFetchError (refused address, host not found, timeout) propagates
 * for the caller to word or to fall back on.
 */
@Injectable()
export class StaticPageService {
  private readonly logger = new Logger(StaticPageService.name);

  constructor(@Inject(SAFE_FETCH_POLICY) private readonly policy: SafeFetchPolicy) {}

  /**
   * The page at `url`, or the one its short `<meta http-equiv="refresh">` leads to: the target goes through the same
   * SSRF checks as a redirect's, so a refused one fails the same way. `policy`: the service's unless the caller
   * fetches as someone else (a crawl).
   */
  async read(url: string, signal: AbortSignal, policy = this.policy): Promise<StaticPage> {
    let address = url;
    for (let refreshes = 0; ; refreshes++) {
      const response = await safeFetch(address, {
        policy,
        signal,
        headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
      });
      const type = mediaTypeOf(response.headers);
      if (type.startsWith('image/')) {
        response.body.destroy();
        return withoutStylesheets(response.url, pictureAddressSnapshot(response.url), [], policy);
      }
      if (type && !/html|xml/.test(type)) {
        response.body.destroy();
        return withoutStylesheets(
          response.url,
          { url: response.url, elements: [], stylesheets: [], network: [] },
          [{ code: 'NOT_HTML', values: { type } }],
          policy,
        );
      }
      const html = await readCapped(response.body, MAX_HTML_BYTES);
      const { text, encoding } = decodeHtml(html, response.headers['content-type']);
      const parsed = parseHtml(text, response.url);
      const { refresh } = parsed;
      if (refresh?.url && refresh.seconds <= MAX_REFRESH_SECONDS && refreshes < MAX_REFRESHES) {
        address = refresh.url;
        continue;
      }
      return {
        sourceUrl: response.url,
        warnings: response.status >= 400 ? [httpStatusWarning(response.status, response.headers['retry-after'])] : [],
        // A bot wall may let a browser through; a 429 is the host asking for fewer requests, not another kind.
        needsBrowser:
          response.status === 429 ? undefined : response.status >= 400 ? `HTTP ${response.status}` : whyBrowser(parsed),
        linkedStylesheets: parsed.linkedStylesheets,
        matchesSelector: parsed.matchesSelector,
        encoding,
        quirksMode: parsed.quirksMode,
        bytes: html.length,
        policy,
        snapshot: { url: response.url, elements: parsed.elements, stylesheets: parsed.stylesheets, network: [] },
      };
    }
  }

  /** The page's snapshot with its linked stylesheets read (in parallel) after its inline ones. */
  async withStylesheets(page: StaticPage, signal: AbortSignal): Promise<PageSnapshot> {
    const reading: StylesheetReading = {
      read: new Set(),
      matchesSelector: page.matchesSelector,
      signal,
      policy: page.policy,
      ...(page.quirksMode && { quirksOrigin: new URL(page.sourceUrl).origin }),
    };
    const linked = await Promise.all(
      page.linkedStylesheets.map((sheet) => this.stylesheet(sheet.url, sheet.index, page.encoding, reading, 0)),
    );
    return { ...page.snapshot, stylesheets: [...page.snapshot.stylesheets, ...linked.flat()] };
  }

  /**
   * A sheet and, MAX_IMPORT_DEPTH levels deep, the sheets it @imports (each keeps its own URL as the base). Each URL
   * is read once per page, MAX_STYLESHEETS in all: a sheet imported twice, or importing itself or an ancestor, is not
   * read again. The page's own links claim their places first: a sheet's imports are known only once it has arrived.
   * `referrerEncoding`: the encoding of the page or sheet naming it, for a sheet that declares none.
   */
  private async stylesheet(
    url: string,
    index: number,
    referrerEncoding: string,
    reading: StylesheetReading,
    depth: number,
  ): Promise<StylesheetRecord[]> {
    if (reading.read.has(url) || reading.read.size >= MAX_STYLESHEETS) return [];
    reading.read.add(url);
    try {
      const response = await safeFetch(url, {
        policy: reading.policy,
        signal: reading.signal,
        headers: { accept: 'text/css,*/*;q=0.1' },
      });
      if (response.status >= 400 || !appliesAsCss(mediaTypeOf(response.headers), response.url, reading)) {
        response.body.destroy();
        return [];
      }
      const { text, encoding } = decodeCss(
        await readCapped(response.body, MAX_STYLESHEET_BYTES),
        response.headers['content-type'],
        referrerEncoding,
      );
      const imports = depth < MAX_IMPORT_DEPTH ? importsOf(text, response.url) : [];
      const imported = await Promise.all(
        imports.map((href) => this.stylesheet(href, index, encoding, reading, depth + 1)),
      );
      return [...imported.flat(), { base: response.url, index, text: usedRules(text, reading.matchesSelector) }];
    } catch (error) {
      this.logger.debug({ msg: 'stylesheet not read', url, err: error });
      return [];
    }
  }
}

/** One page's stylesheet reads: the URLs claimed so far, and what every read shares. */
interface StylesheetReading {
  read: Set<string>;
  matchesSelector: SelectorTest;
  signal: AbortSignal;
  policy: SafeFetchPolicy;
  /** A quirks-mode page's origin, whose sheets apply whatever type they are served as; undefined in standards mode. */
  quirksOrigin?: string;
}

/** A Content-Type's media type, lower case; '' when there is none. */
function mediaTypeOf(headers: IncomingHttpHeaders): string {
  return String(headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
}

/**
 * Chromium applies a sheet served as text/css or without a type; one served as another type (text/plain, text/html
 * from a soft 404) only from the page's own origin on a quirks-mode page.
 */
function appliesAsCss(type: string, url: string, reading: StylesheetReading): boolean {
  return !type || type === 'text/css' || new URL(url).origin === reading.quirksOrigin;
}

/** An address that is no HTML page: nothing more to read. */
function withoutStylesheets(
  sourceUrl: string,
  snapshot: PageSnapshot,
  warnings: ExtractionWarning[],
  policy: SafeFetchPolicy,
): StaticPage {
  return {
    sourceUrl,
    warnings,
    snapshot,
    linkedStylesheets: [],
    matchesSelector: () => true,
    encoding: 'utf-8',
    quirksMode: false,
    bytes: 0,
    policy,
  };
}

/**
 * The auto mode's rule (docs/decisions/extractor.md): the parse is the page only when nothing can change it after load —
 * no executable script and no app shell — and no same-origin iframe loads a document of its own.
 */
function whyBrowser(parsed: ReturnType<typeof parseHtml>): string | undefined {
  if (parsed.scriptCount > 0) return 'scripts';
  if (parsed.hasEmptyAppRoot) return 'app shell';
  if (parsed.elements.some((element) => element.tag === 'iframe' && element.attrs.src && !element.attrs.srcdoc))
    return 'iframe';
  return undefined;
}
