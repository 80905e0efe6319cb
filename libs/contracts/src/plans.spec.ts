import { DEFAULT_PLAN_QUOTAS, planQuotasFromEnv } from './plans';

describe('planQuotasFromEnv', () => {
  it('keeps the seed numbers when nothing is overridden', () => {
    expect(planQuotasFromEnv({})).toEqual(DEFAULT_PLAN_QUOTAS);
    expect(DEFAULT_PLAN_QUOTAS.free).toEqual({ daily: 500, perExtraction: 25 });
    expect(DEFAULT_PLAN_QUOTAS.registered.daily).toBe(1500);
    expect(DEFAULT_PLAN_QUOTAS.premium.daily).toBe(3000);
  });

  it('applies operator overrides per role', () => {
    const quotas = planQuotasFromEnv({ PIXTRACT_QUOTA_FREE_DAILY: '5', PIXTRACT_QUOTA_PREMIUM_PER_EXTRACTION: '2000' });
    expect(quotas.free).toEqual({ daily: 5, perExtraction: 25 });
    expect(quotas.premium.perExtraction).toBe(2000);
    expect(DEFAULT_PLAN_QUOTAS.free.daily).toBe(500);
  });

  it('refuses a value that is not a whole number', () => {
    expect(() => planQuotasFromEnv({ PIXTRACT_QUOTA_REGISTERED_DAILY: 'lots' })).toThrow(
      'PIXTRACT_QUOTA_REGISTERED_DAILY must be a whole number of images (got "lots")',
    );
  });
});
