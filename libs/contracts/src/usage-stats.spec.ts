import { usageStats } from './auth';

describe('usageStats', () => {
  it('reports what is left of the day and the share used', () => {
    expect(usageStats(500, 125)).toEqual({
      remainingToday: 375,
      percentUsed: 25,
      isAtLimit: false,
      isNearLimit: false,
    });
  });

  it('is near the limit at 10% left or less, and at the limit at 0', () => {
    expect(usageStats(500, 449).isNearLimit).toBe(false);
    expect(usageStats(500, 450)).toMatchObject({ remainingToday: 50, isNearLimit: true, isAtLimit: false });
    expect(usageStats(500, 500)).toEqual({ remainingToday: 0, percentUsed: 100, isAtLimit: true, isNearLimit: true });
  });

  it('rounds the share to a tenth of a percent: 8 of 3,000 is 0.3%, not 0%', () => {
    expect(usageStats(3000, 8).percentUsed).toBe(0.3);
    expect(usageStats(1500, 1492).percentUsed).toBe(99.5);
  });

  it('caps the share at 100 when the plan shrank below what was used', () => {
    expect(usageStats(500, 1500)).toEqual({ remainingToday: 0, percentUsed: 100, isAtLimit: true, isNearLimit: true });
  });
});
