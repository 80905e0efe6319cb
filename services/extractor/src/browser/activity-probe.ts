/** Timers shorter than this are work the page is about to do (a delayed gallery); longer ones are not waited for. */
export const SHORT_TIMER_MS = 3_000;

/**
 * Installed before any page script: counts pending short setTimeouts and the time of the last DOM mutation, so
 * settling can wait for a page that inserts its images 2 s after load, without fixed sleeps. Read by
 * page-settle.util's pageIsQuiet under the same window property.
 */
export function installActivityProbe(limitMs: number): void {
  const probe = { pendingTimers: 0, requestStarts: new Set<number[]>(), lastMutation: Date.now() };
  Object.defineProperty(window, '__pixtractActivity', { value: probe, enumerable: false });
  const originalSetTimeout = window.setTimeout.bind(window);
  const originalClearTimeout = window.clearTimeout.bind(window);
  const pending = new Set<number>();
  let inTimer = false;
  window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
    // Timers set from a timer are a recurring chain (a carousel, a poll): waiting for them would never end.
    if (inTimer || typeof handler !== 'function' || !((timeout ?? 0) <= limitMs)) return originalSetTimeout(handler, timeout, ...args);
    let id = 0;
    id = originalSetTimeout(() => {
      if (pending.delete(id)) probe.pendingTimers -= 1;
      inTimer = true;
      try {
        (handler as (...rest: unknown[]) => void)(...args);
      } finally {
        inTimer = false;
      }
    }, timeout);
    pending.add(id);
    probe.pendingTimers += 1;
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined && pending.delete(id)) probe.pendingTimers -= 1;
    originalClearTimeout(id);
  }) as typeof window.clearTimeout;
  // fetch and XHR are counted here too: the page's own count is current the moment a scroll handler starts one.
  const originalFetch = window.fetch.bind(window);
  // Each pending request is its start time (boxed, so equal times stay distinct): long polls can be told apart.
  window.fetch = ((...args: Parameters<typeof fetch>) => {
    const started = [Date.now()];
    probe.requestStarts.add(started);
    return originalFetch(...args).finally(() => probe.requestStarts.delete(started));
  }) as typeof fetch;
  const originalSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function send(this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['send']>) {
    const started = [Date.now()];
    probe.requestStarts.add(started);
    this.addEventListener('loadend', () => probe.requestStarts.delete(started), { once: true });
    return originalSend.apply(this, args);
  };
  new MutationObserver(() => {
    probe.lastMutation = Date.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['src', 'srcset', 'style', 'class'] });
}
