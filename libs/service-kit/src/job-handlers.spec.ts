import { JobName, QueueName } from '@pixtract/contracts';
import { Job, UnrecoverableError } from 'bullmq';
import { JobHandlers } from './job-handlers';

const jobNamed = (name: string) => ({ name, data: {} }) as Job;

describe('JobHandlers', () => {
  it('refuses, when made, a worker without a handler for a job name the contracts give its queue', () => {
    expect(() => new JobHandlers(QueueName.Extraction, {})).toThrow(
      'The "extraction" queue\'s worker has no handler for "extract": every job name the contracts give the queue needs one.',
    );
    // Another queue's handler does not count.
    expect(() => new JobHandlers(QueueName.Screenshot, { [JobName.Extract]: () => Promise.resolve() })).toThrow(
      /no handler for "screenshot"/,
    );
  });

  it('runs the handler of the job’s name, with the job’s lock', async () => {
    const extract = jest.fn((job: Job, token?: string) => Promise.resolve(`${job.name} ${token}`));
    const jobs = new JobHandlers(QueueName.Extraction, { [JobName.Extract]: extract });
    await expect(jobs.handle(jobNamed('extract'), 'lock-1')).resolves.toBe('extract lock-1');
  });

  it('refuses a foreign job for good: no retry can find it a handler', () => {
    const jobs = new JobHandlers(QueueName.Extraction, { [JobName.Extract]: () => Promise.resolve() });
    const handling = () => jobs.handle(jobNamed('somebody-elses'));
    expect(handling).toThrow(UnrecoverableError);
    expect(handling).toThrow('No handler for job "somebody-elses" on queue "extraction".');
  });
});
