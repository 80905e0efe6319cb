import { dailyResetText, nextDailyReset } from './daily-reset';

describe('when the daily allowance comes back', () => {
  it('is the next midnight UTC', () => {
    expect(nextDailyReset(new Date('2026-11-27T18:05:00Z')).toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(nextDailyReset(new Date('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it("is said in the visitor's own time zone and language", () => {
    const now = new Date('2026-11-27T18:00:00Z');
    // (ICU versions differ on the comma after the weekday.)
    expect(dailyResetText(now, 'en', 'Europe/Paris')).toEqual({
      inTime: 'in 6 hours',
      at: expect.stringMatching(/^Sat,? 1:00\sAM GMT\+1$/),
    });
    expect(dailyResetText(now, 'en', 'America/New_York').at).toMatch(/^Fri,? 7:00\sPM EST$/);
    expect(dailyResetText(new Date('2026-11-27T23:35:00Z'), 'de', 'UTC').inTime).toBe('in 25 Minuten');
  });
});
