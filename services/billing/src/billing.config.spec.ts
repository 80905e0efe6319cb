import { environmentTableProblems } from '@pixtract/testing';
import { billingConfigSchema } from './billing.config';

describe('the environment', () => {
  it('is the README environment table: every variable billing reads has a row naming billing', () => {
    expect(environmentTableProblems('billing', Object.keys(billingConfigSchema.shape))).toEqual([]);
  });
});
