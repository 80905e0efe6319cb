/**
 * Timers shorter than this are work the page is about to do (a delayed gallery): settling runs them early rather
 * than wait for them. Longer ones are left to run on their own time.
 */
export const SHORT_TIMER_MS = 3_000;

/** What the probe keeps on `window.__pixtractActivity`; page-settle.util's pageQuietIn reads it and runs its timers. */
export interface ActivityProbe {
  /** Each pending short timer: when it is due (epoch ms, the page's clock) and its handler as the timer runs it. */
  shortTimers: Map<number, { due: number; run: () => void }>;
  /** Each pending fetch/XHR is its start time, boxed so equal times stay distinct (long polls can be told apart). */
  requestStarts: Set<number[]>;
  lastMutation: number;
  /**
   * Files the page showed and then replaced as stand-ins (absolute URLs): an <img> src swapped for the value of one of
   * its own data-* attributes (a lazy loader's placeholder: Unveil, jQuery lazyload) or while the <img> was blurred
   * (a blur-up preview: lazysizes' blur-up, v-lazy-image, a shop's low-res first picture), a background in a style
   * that blurred it (Angular's) once that style changed. The network capture leaves them out.
   */
  standIns: Set<string>;
  /**
   * The <img>s the page took out of its DOM (a virtual scroller recycling its rows, a masonry feed): their
   * attributes and base, so their largest candidates are found, not only the file the browser happened to load.
   */
  removedImages: Array<{ attrs: Record<string, string>; base: string; placeholder?: boolean }>;
  /**
   * Runs every pending short timer now, earliest due first, instead of when it is due: what a page shows after
   * 2 s is there at once. Settling calls it only when nothing is loading (Chromium's virtual-time rule: time jumps
   * ahead only while no fetch is pending). The page's `Date.now()` and `new Date()` jump with it, to each timer's
   * due time, so a handler that checks the clock (a debounce) finds its time has come. Answers how many ran.
   */
  runTimersNow(): number;
  /**
   * Resolves once none of the page's fetch/XHR started less than `stuckMs` ago is still pending, true; false when
   * `timeoutMs` passed first. Its timer is the browser's own, not the page's: waiting is not the page's work.
   */
  requestsEnded(stuckMs: number, timeoutMs: number): Promise<boolean>;
}

/**
 * Installed before any page script: records pending short setTimeouts (and when they are due), the page's own
 * fetch/XHR, and the time of the last DOM mutation, so settling can bring forward a page that inserts its images
 * 2 s after load, without fixed sleeps.
 */
export function installActivityProbe(limitMs: number): void {
  // Bounds of the removed-image record (constants here: the function runs in the page, alone).
  const MAX_REMOVED_IMAGES = 5_000;
  const MAX_ATTRIBUTE_LENGTH = 4_096;
  // The page's clock: real time plus how far timers run early have moved it on. `new Date()` and `Date()` read it
  // too (a debounce may check either); performance.now() stays real time, which settling itself reads.
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  let ahead = 0;
  RealDate.now = () => realNow() + ahead;
  window.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) =>
      Reflect.construct(target, args.length > 0 ? args : [target.now()], newTarget) as object,
    apply: (target) => new target(target.now()).toString(),
  });
  const originalSetTimeout = window.setTimeout.bind(window);
  const originalClearTimeout = window.clearTimeout.bind(window);
  /** Called whenever a fetch/XHR ends: the waiters of requestsEnded look again. */
  const requestWaiters = new Set<() => void>();
  const requestEnded = (started: number[]) => {
    probe.requestStarts.delete(started);
    requestWaiters.forEach((look) => look());
  };
  const probe: ActivityProbe = {
    shortTimers: new Map(),
    requestStarts: new Set(),
    lastMutation: Date.now(),
    standIns: new Set(),
    removedImages: [],
    runTimersNow() {
      const pending = [...probe.shortTimers].sort((a, b) => a[1].due - b[1].due);
      for (const [id, { due, run }] of pending) {
        if (!probe.shortTimers.has(id)) continue; // cleared by a handler that ran before it
        originalClearTimeout(id);
        ahead = Math.max(ahead, due - realNow());
        try {
          run();
        } catch (error) {
          // Thrown where the page's own timer would have thrown it: uncaught, in the page, not in settling.
          originalSetTimeout(() => {
            throw error;
          });
        }
      }
      return pending.length;
    },
    requestsEnded(stuckMs, timeoutMs) {
      return new Promise((resolve) => {
        const look = () => {
          const now = Date.now();
          if ([...probe.requestStarts].some(([started]) => now - started < stuckMs)) return;
          end(true);
        };
        const timer = originalSetTimeout(() => end(false), timeoutMs);
        const end = (ended: boolean) => {
          originalClearTimeout(timer);
          requestWaiters.delete(look);
          resolve(ended);
        };
        requestWaiters.add(look);
        look();
      });
    },
  };
  Object.defineProperty(window, '__pixtractActivity', { value: probe, enumerable: false });
  /** While a timer's handler runs: its chain (when it began, how deep it is, its delay, whether it is waited for). */
  let running: { start: number; depth: number; delay: number; waited: boolean } | undefined;
  window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
    if (typeof handler !== 'function') return originalSetTimeout(handler, timeout, ...args);
    const delay = Number(timeout) || 0;
    const now = Date.now();
    const start = running?.start ?? now;
    const depth = running ? running.depth + 1 : 0;
    // A timer set from a timer is waited for when it is a step of a short sequence (600 ms, then 1.2 s, then the
    // gallery): at most two steps deep, all within limitMs, each with a delay of its own. One repeating its
    // parent's delay is a loop (a poll, a ticker, a carousel), and so is everything a loop's timers set later:
    // waiting for them would never end.
    const waited =
      (!running || (running.waited && running.delay !== delay)) && now + delay - start <= limitMs && depth <= 2;
    const chain = { start, depth, delay, waited };
    let id = 0;
    const run = () => {
      probe.shortTimers.delete(id);
      const outer = running;
      running = chain;
      try {
        (handler as (...rest: unknown[]) => void)(...args);
      } finally {
        running = outer;
      }
    };
    id = originalSetTimeout(run, timeout);
    if (waited) probe.shortTimers.set(id, { due: now + delay, run });
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) probe.shortTimers.delete(id);
    originalClearTimeout(id);
  }) as typeof window.clearTimeout;
  // fetch and XHR are counted here too: the page's own count is current the moment a scroll handler starts one.
  const originalFetch = window.fetch.bind(window);
  window.fetch = (...args: Parameters<typeof fetch>) => {
    const started = [Date.now()];
    probe.requestStarts.add(started);
    return originalFetch(...args).finally(() => requestEnded(started));
  };
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the request as `this`
  const originalSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function send(this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['send']>) {
    const started = [Date.now()];
    probe.requestStarts.add(started);
    this.addEventListener('loadend', () => requestEnded(started), { once: true });
    return originalSend.apply(this, args);
  };
  const standIn = (url: string, base: string) => {
    try {
      probe.standIns.add(new URL(url, base).href);
    } catch {
      // Not a URL: nothing was fetched.
    }
  };
  const noteRemoved = (node: Node) => {
    // Past the cap, a removed subtree is not even searched: React may drop thousands of nodes at a time.
    if (!(node instanceof Element) || probe.removedImages.length >= MAX_REMOVED_IMAGES) return;
    for (const img of node.localName === 'img' ? [node] : Array.from(node.getElementsByTagName('img'))) {
      if (probe.removedImages.length >= MAX_REMOVED_IMAGES) return;
      const attrs: Record<string, string> = {};
      for (const { name, value } of Array.from(img.attributes))
        if (value.length <= MAX_ATTRIBUTE_LENGTH) attrs[name] = value;
      // A skeleton's picture the page took out once its content came (page-snapshot's PLACEHOLDER_CLASS, restated).
      const placeholder = /(?:^|[\s_-])(?:skeleton|shimmer)(?:$|[\s_-])/i.test(
        img.parentElement?.getAttribute('class') ?? '',
      );
      probe.removedImages.push({ attrs, base: img.baseURI, ...(placeholder && { placeholder }) });
    }
  };
  // A blur-up preview: blurred by the element's style or by a class saying so (lazysizes' `blur-up`), maybe one
  // the same script has just taken off.
  const blurred = (element: Element, classBefore: string | null | undefined) =>
    /(?:^|[\s_-])blur(?:red)?(?:$|[\s_-])/i.test(`${element.getAttribute('class') ?? ''} ${classBefore ?? ''}`) ||
    /blur\(/.test(getComputedStyle(element).filter);
  new MutationObserver((mutations) => {
    probe.lastMutation = Date.now();
    const classesBefore = new Map<Node, string | null>();
    for (const { target, attributeName, oldValue } of mutations)
      if (attributeName === 'class' && !classesBefore.has(target)) classesBefore.set(target, oldValue);
    for (const { type, target, attributeName, oldValue, removedNodes } of mutations) {
      if (type === 'childList') removedNodes.forEach(noteRemoved);
      if (type !== 'attributes' || !oldValue) continue;
      const element = target as Element;
      if (attributeName === 'src' && element.localName === 'img') {
        const now = element.getAttribute('src');
        const replaced = now && now !== oldValue;
        if (
          replaced &&
          (Array.from(element.attributes).some(({ name, value }) => name.startsWith('data-') && value === now) ||
            blurred(element, classesBefore.get(element)))
        )
          standIn(oldValue, element.baseURI);
      } else if (attributeName === 'style' && /filter\s*:[^;]*blur\(/i.test(oldValue)) {
        for (const [, , url] of oldValue.matchAll(/url\(\s*(["']?)(.*?)\1\s*\)/g)) standIn(url, element.baseURI);
      }
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeOldValue: true,
    attributeFilter: ['src', 'srcset', 'style', 'class'],
  });
}
