import { RATE_LIMITS, rateLimitsWith } from './rate-limits';

describe("operators' rate limits (PIXTRACT_RATE_LIMITS)", () => {
  it('keeps the defaults when nothing is set', () => {
    expect(rateLimitsWith('')).toEqual(RATE_LIMITS);
  });

  it('overrides the named rules only', () => {
    const rules = rateLimitsWith('register=100/600, login=20/120');
    expect(rules.find((rule) => rule.name === 'register')).toMatchObject({ limit: 100, windowS: 600 });
    expect(rules.find((rule) => rule.name === 'login')).toMatchObject({ limit: 20, windowS: 120 });
    expect(rules.find((rule) => rule.name === 'comments')).toEqual(
      RATE_LIMITS.find((rule) => rule.name === 'comments'),
    );
    // The defaults themselves are untouched.
    expect(RATE_LIMITS.find((rule) => rule.name === 'register')).toMatchObject({ limit: 5, windowS: 600 });
  });

  it('sets the anonymous writes and screenshots like the others', () => {
    const rules = rateLimitsWith('newsletter=1/60, donations=2/60, screenshots=3/30');
    expect(rules.filter((rule) => ['newsletter', 'donations', 'screenshots'].includes(rule.name))).toMatchObject([
      { name: 'newsletter', limit: 1, windowS: 60 },
      { name: 'donations', limit: 2, windowS: 60 },
      { name: 'screenshots', limit: 3, windowS: 30 },
    ]);
  });

  it.each(['signup=1/60', 'register=ten/60', 'register=10', 'register=10/0'])('refuses %s', (pair) => {
    expect(() => rateLimitsWith(pair)).toThrow(/name=limit\/seconds/);
  });
});
