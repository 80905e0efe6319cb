import type { ExtractedFile, ExtractionProgress, ExtractionStage, PageReveal } from '@pixtract/contracts';

export type StageReporter = (
  stage: ExtractionStage,
  imagesFound: number,
  withinStage?: number,
  preview?: ExtractedFile[],
  revealed?: PageReveal,
) => void;

/** Where each stage starts on the progress bar; loading, scrolling and measuring fill their bands step by step. */
const STAGE_PERCENT: Record<ExtractionStage, number> = {
  queued: 0,
  loading: 10,
  scrolling: 25,
  collecting: 60,
  measuring: 75,
  done: 100,
};
/** The stage whose start ends each band. */
const BAND_END: Record<ExtractionStage, ExtractionStage> = {
  queued: 'queued',
  loading: 'scrolling',
  scrolling: 'collecting',
  collecting: 'collecting',
  measuring: 'done',
  done: 'done',
};
/** Loading fills at most this share of its band by time alone: the rest is the page's to fill by loading. */
const LOADING_BY_TIME = 0.9;
/** How often the bar hears from a job that has nothing new to say: the time and the bytes still move it. */
const TICK_MS = 500;

/**
 * One job's progress as the visitor's bar shows it: stages with their share of the bar, and with each event the
 * time since the worker took the job and the bytes the page and its resources brought so far. While nothing else
 * happens (a slow page loading), the last stage is sent again every TICK_MS with the new time and bytes, and
 * loading creeps through its band over `loadingBudgetMs` (the navigation's share of the time limit), so the bar
 * never sits still for the 30 s a slow page takes.
 */
export class JobProgress {
  /** Bytes received so far: the browser's network (PageActivity) or the static path's reads add to it. */
  bytesReceived = 0;
  private readonly startedAt = Date.now();
  private current?: { name: ExtractionStage; withinStage: number };
  private imagesFound = 0;
  /** What was pressed on the page, said with every event once it happened. */
  private revealed?: PageReveal;
  private lastSentAt = 0;
  private readonly ticker: NodeJS.Timeout;

  constructor(
    private readonly send: (progress: ExtractionProgress) => void,
    private readonly loadingBudgetMs: number,
  ) {
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.ticker.unref();
  }

  readonly stage: StageReporter = (name, found, within = 0, preview, revealed) => {
    this.imagesFound = Math.max(this.imagesFound, found);
    if (revealed) this.revealed = { ...revealed };
    // Within a stage the bar only moves forward (a preview sent while loading does not take it back).
    const withinStage = this.current?.name === name ? Math.max(within, this.current.withinStage) : within;
    this.current = { name, withinStage };
    const start = STAGE_PERCENT[name];
    const percent = Math.round(start + (STAGE_PERCENT[BAND_END[name]] - start) * Math.min(1, withinStage));
    this.lastSentAt = Date.now();
    this.send({
      stage: name,
      percent,
      imagesFound: this.imagesFound,
      elapsedMs: this.elapsedMs,
      bytesReceived: this.bytesReceived,
      ...(this.revealed && { revealed: this.revealed }),
      ...(preview ? { files: preview } : {}),
    });
  };

  /** The last event: the job is over, and the bar stops hearing from it. */
  done(imagesFound: number): void {
    clearInterval(this.ticker);
    this.send({
      stage: 'done',
      percent: STAGE_PERCENT.done,
      imagesFound,
      elapsedMs: this.elapsedMs,
      bytesReceived: this.bytesReceived,
    });
  }

  /** Stops the ticker of a job that ended without a result (it threw). */
  stop(): void {
    clearInterval(this.ticker);
  }

  get elapsedMs(): number {
    return Date.now() - this.startedAt;
  }

  private tick(): void {
    if (!this.current || Date.now() - this.lastSentAt < TICK_MS) return;
    const { name, withinStage } = this.current;
    this.stage(
      name,
      this.imagesFound,
      name === 'loading'
        ? Math.max(withinStage, Math.min(LOADING_BY_TIME, this.elapsedMs / this.loadingBudgetMs))
        : withinStage,
    );
  }
}
