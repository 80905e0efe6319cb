/** The time quotas are reckoned in; tests inject their own to cross day and quarter boundaries. */
export const CLOCK = Symbol('CLOCK');
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
