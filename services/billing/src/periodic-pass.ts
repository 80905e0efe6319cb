/**
 * A pass billing repeats on a timer (the sweep, the reconciliation): one at a time in this process (a call while
 * one runs shares it), a failed pass logged rather than thrown into the timer, and a timer that never holds the
 * process open.
 */
export class PeriodicPass<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T> | undefined;

  constructor(
    private readonly pass: () => Promise<T>,
    private readonly failed: (error: unknown) => void,
  ) {}

  start(intervalMs: number): void {
    this.timer = setInterval(() => void this.run().catch(this.failed), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  run(): Promise<T> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }
}
