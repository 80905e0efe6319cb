import { environmentTableProblems } from '@pixtract/testing';
import { extractorConfigSchema } from './extractor.config';

describe('the environment', () => {
  it('is the README environment table: every variable the extractor reads has a row naming the extractor', () => {
    expect(environmentTableProblems('extractor', Object.keys(extractorConfigSchema.shape))).toEqual([]);
  });
});
