import { Job, UnrecoverableError } from 'bullmq';
import type { AccountChanges } from './account-changes.service';
import { AccountEventsProcessor } from './account-events.processor';

describe('AccountEventsProcessor', () => {
  it('starts with a handler for every job name of the account-events queue, and refuses a foreign job for good', () => {
    const processor = new AccountEventsProcessor({} as AccountChanges);
    expect(() => processor.process({ name: 'extract', data: {} } as Job)).toThrow(UnrecoverableError);
  });
});
