import type { HostGate } from '@pixtract/safe-fetch';
import type { Page } from 'playwright-core';

interface RequestPaused {
  requestId: string;
  networkId?: string;
  request: { url: string };
}

/**
 * Holds each of the page's requests at the network layer until `gate` admits its host, and lets the host's slot go
 * when the request ends (finished, failed, redirected or the page closed). Through CDP's Fetch domain, like the
 * font and media blocking, so the HTTP cache stays on. A crawl's page uses it: the browser's parallel loads keep
 * the same per-host limit as the worker's own requests.
 */
export async function gateRequests(page: Page, gate: HostGate): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const held = new Map<string, () => void>();
  const closed = new AbortController();
  const leave = (networkId: string) => {
    held.get(networkId)?.();
    held.delete(networkId);
  };
  page.once('close', () => {
    closed.abort(new Error('page closed'));
    for (const id of [...held.keys()]) leave(id);
  });
  cdp.on('Network.loadingFinished', ({ requestId }: { requestId: string }) => leave(requestId));
  cdp.on('Network.loadingFailed', ({ requestId }: { requestId: string }) => leave(requestId));
  cdp.on('Fetch.requestPaused', (event: RequestPaused) => {
    const url = new URL(event.request.url);
    // A redirect's next hop comes paused under the same network id: the previous hop is over.
    if (event.networkId) leave(event.networkId);
    const admitted =
      url.protocol === 'http:' || url.protocol === 'https:'
        ? gate.enter(url.host, closed.signal)
        : Promise.resolve(() => undefined);
    admitted.then(
      (release) => {
        const id = event.networkId;
        if (id && !closed.signal.aborted) held.set(id, release);
        else release();
        cdp.send('Fetch.continueRequest', { requestId: event.requestId }).catch(() => id && leave(id));
      },
      // Refused only when the page closed meanwhile: nothing to continue.
      () => undefined,
    );
  });
  await cdp.send('Network.enable');
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
}
