import { ErrorCode } from '@pixtract/contracts';
import { SafeFetchError } from './safe-fetch.error';

/**
 * One deadline for a whole exchange (every hop and the body), which the caller's own signal can cut short. It
 * counts only the server's time: while the caller holds the body (a paused reader, or a body already received and
 * not yet read) it stands still — a slow reader, such as a ZIP client on a slow line, is not a slow server.
 */
export class ExchangeDeadline {
  private readonly controller = new AbortController();
  private remainingMs: number;
  private timer?: NodeJS.Timeout;
  private runningSince = 0;
  private disposed = false;
  private readonly forward = () => this.controller.abort(this.callerSignal?.reason);

  constructor(
    totalMs: number,
    private readonly callerSignal?: AbortSignal,
  ) {
    this.remainingMs = totalMs;
    if (callerSignal?.aborted) this.forward();
    else callerSignal?.addEventListener('abort', this.forward, { once: true });
    this.resume();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The caller holds the body: the server's clock stops. */
  readonly pause = (): void => {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.remainingMs -= Date.now() - this.runningSince;
  };

  /** Waiting on the server again. */
  readonly resume = (): void => {
    if (this.timer || this.disposed) return;
    this.runningSince = Date.now();
    this.timer = setTimeout(
      () => this.controller.abort(new SafeFetchError(ErrorCode.UpstreamTimeout)),
      Math.max(0, this.remainingMs),
    ).unref();
  };

  readonly dispose = (): void => {
    this.disposed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.callerSignal?.removeEventListener('abort', this.forward);
  };
}
