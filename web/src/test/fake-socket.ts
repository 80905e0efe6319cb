import type { ServerToClientEvents } from '@pixtract/contracts';
import type { ExtractionSocket } from '../app/store';

type Listener = (...args: never[]) => void;

/**
 * Stands in for the socket.io connection: records what the app sends, acknowledges every follow, and lets a test
 * play the server's events.
 */
export class FakeSocket {
  connected = true;
  readonly followed: string[] = [];
  readonly unfollowed: string[] = [];
  /** Crawl ids the page followed and left. */
  readonly crawls: string[] = [];
  readonly crawlsLeft: string[] = [];
  /** Download ids the page followed (ZIP progress) and left. */
  readonly downloads: string[] = [];
  readonly downloadsLeft: string[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    const [id, ack] = args as [string, ((answer: { ok: boolean }) => void) | undefined];
    if (event === 'extraction:follow') {
      this.followed.push(id);
      ack?.({ ok: true });
    }
    if (event === 'extraction:unfollow') this.unfollowed.push(id);
    if (event === 'crawl:follow') {
      this.crawls.push(id);
      ack?.({ ok: true });
    }
    if (event === 'crawl:unfollow') this.crawlsLeft.push(id);
    if (event === 'download:follow') {
      this.downloads.push(id);
      ack?.({ ok: true });
    }
    if (event === 'download:unfollow') this.downloadsLeft.push(id);
    return this;
  }

  /** The server sends an event to this socket. */
  serverEmit<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) {
    this.dispatch(event, args);
  }

  /** The connection comes back after a drop. */
  reconnect() {
    this.connected = true;
    this.dispatch('connect', []);
  }

  asExtractionSocket(): ExtractionSocket {
    return this as unknown as ExtractionSocket;
  }

  private dispatch(event: string, args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
}
