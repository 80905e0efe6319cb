import { PLAN_QUOTA_VARIABLES } from '@pixtract/contracts';
import { environmentTableProblems } from '@pixtract/testing';
import { authConfigSchema } from './auth.config';

describe('the environment', () => {
  it('is the README environment table: every variable auth reads has a row naming auth', () => {
    expect(environmentTableProblems('auth', [...Object.keys(authConfigSchema.shape), ...PLAN_QUOTA_VARIABLES])).toEqual(
      [],
    );
  });
});
