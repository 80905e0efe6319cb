import type { StageReporter } from '../job-progress';

/** What the browser's visit is given: when to stop, where to say it has rendered the page, and how to report. */
export interface HeadStartVisit {
  signal: AbortSignal;
  rendered: () => void;
  /** The job's progress reporter, silent until the browser is the path taken: the bar never runs two ways. */
  report: StageReporter;
}

/**
 * Auto mode on a slow site. The static read decides whether a page needs the browser, and a site slow to answer
 * makes that decision late: when it has not come within `delayMs`, the browser starts loading the page too, so a
 * page that needs it does not wait for its HTML twice. The static verdict still decides — a page that needs no
 * browser stops the visit (`cancel`), one that does takes it over where it is (`browserNeeded`) — unless the
 * browser has rendered the page first: it then has what the static read was waiting for, and the read is aborted.
 */
export class BrowserHeadStart<T> {
  private verdict: 'pending' | 'browser' | 'static' = 'pending';
  private visit?: Promise<T>;
  private readonly stop = new AbortController();
  private readonly timer: NodeJS.Timeout;

  constructor(
    delayMs: number,
    staticRead: AbortController,
    stage: StageReporter,
    start: (visit: HeadStartVisit) => Promise<T>,
  ) {
    this.timer = setTimeout(() => {
      const rendered = () => {
        if (this.verdict !== 'pending') return;
        this.verdict = 'browser';
        staticRead.abort(new Error('The browser rendered the page before its HTML was read.'));
      };
      const report: StageReporter = (...progress) => {
        if (this.verdict === 'browser') stage(...progress);
      };
      this.visit = start({ signal: this.stop.signal, rendered, report });
      // Awaited only if the browser is the path taken; a cancelled visit's end is nobody's business.
      this.visit.catch(() => undefined);
    }, delayMs);
  }

  /** The browser rendered the page while the static read was still under way: its visit is the extraction. */
  get tookOver(): boolean {
    return this.verdict === 'browser' && this.visit !== undefined;
  }

  /** The static read found the page needs the browser: the visit under way, if it started. */
  browserNeeded(): Promise<T> | undefined {
    clearTimeout(this.timer);
    this.verdict = 'browser';
    return this.visit;
  }

  /** The static path is taken, or the address refused: no visit starts, and one under way is stopped. */
  cancel(): void {
    clearTimeout(this.timer);
    this.verdict = 'static';
    this.stop.abort();
  }
}
