/** The time subscriptions are reckoned in (period ends, due downgrades); tests move it. */
export const CLOCK = Symbol('CLOCK');

export interface Clock {
  now(): Date;
}

/** The system's time, moved forward by an offset only BILLING_TEST_CLOCK lets anyone set. */
export class OffsetClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): Date {
    this.offsetMs += ms;
    return this.now();
  }
}
