import { PLAN_QUOTA_VARIABLES } from '@pixtract/contracts';
import { environmentTableProblems } from '@pixtract/testing';
import { zipperConfigSchema } from './zipper.config';

describe('the environment', () => {
  it('is the README environment table: every variable the zipper reads has a row naming the zipper', () => {
    expect(
      environmentTableProblems('zipper', [...Object.keys(zipperConfigSchema.shape), ...PLAN_QUOTA_VARIABLES]),
    ).toEqual([]);
  });
});
