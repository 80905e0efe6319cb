import { usageStats } from './auth-user.presenter';

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

  it('caps the share at 100 when the plan shrank below what was used', () => {
    expect(usageStats(500, 1500)).toEqual({ remainingToday: 0, percentUsed: 100, isAtLimit: true, isNearLimit: true });
  });
});
