import { environmentTable, environmentTableProblems, repositoryServices } from './environment-table';

const readme = (...rows: string[]) =>
  [
    '## Ports and environment',
    '',
    '| variable | used by | default | meaning |',
    '|---|---|---|---|',
    ...rows,
    '',
    'After the table.',
    '| not | a row | of | it |',
  ].join('\n');

describe('the README environment table', () => {
  it('reads each row: its backquoted names and its users, `all` being every service', () => {
    const services = repositoryServices();
    expect(services).toEqual(expect.arrayContaining(['gateway', 'auth', 'extractor', 'zipper', 'billing']));
    expect(
      environmentTable(
        readme(
          '| `LOG_LEVEL` | all | `info` | pino level |',
          '| `AUTH_URL`, `ZIPPER_URL` | gateway | set by `npm start` | addresses |',
        ),
        services,
      ),
    ).toEqual([
      { variables: ['LOG_LEVEL'], usedBy: services },
      { variables: ['AUTH_URL', 'ZIPPER_URL'], usedBy: ['gateway'] },
    ]);
  });

  it('finds nothing wrong when the rows naming a service list exactly what it reads', () => {
    const table = readme(
      '| `LOG_LEVEL` | all | `info` | pino level |',
      '| `REDIS_URL` | gateway, billing | redis | queues |',
      '| `PIXTRACT_PG_PORT` | start/test scripts | `5432` | local server |',
    );
    expect(environmentTableProblems('billing', ['LOG_LEVEL', 'REDIS_URL'], table)).toEqual([]);
  });

  it('names the row to add for a variable the service reads and the table lacks', () => {
    expect(
      environmentTableProblems('billing', ['LOG_LEVEL', 'INTERNAL_TOKEN'], readme('| `LOG_LEVEL` | all | x | y |')),
    ).toEqual([
      'README.md environment table: add a row | `INTERNAL_TOKEN` | billing | <default> | <meaning> | (billing reads it)',
    ]);
  });

  it('names the row whose users omit the service', () => {
    expect(
      environmentTableProblems('zipper', ['QUEUE_PREFIX'], readme('| `QUEUE_PREFIX` | gateway, auth | x | y |')),
    ).toEqual([
      'README.md environment table, row `QUEUE_PREFIX`: add zipper to its "used by" (zipper reads `QUEUE_PREFIX`)',
    ]);
  });

  it('names the row that lists a service for a variable it does not read', () => {
    expect(
      environmentTableProblems(
        'auth',
        ['ZIPPER_URL'],
        readme('| `ZIPPER_URL`, `BILLING_URL` | auth | x | y |', '| `WEB_DIST` | gateway, auth | x | y |'),
      ),
    ).toEqual([
      'README.md environment table, row `ZIPPER_URL`, `BILLING_URL`: auth does not read `BILLING_URL`: take auth out of its "used by" (or the variable out of the row)',
      'README.md environment table, row `WEB_DIST`: auth does not read `WEB_DIST`: take auth out of its "used by" (or the variable out of the row)',
    ]);
  });

  it('refuses users that are neither services nor the scripts, and a variable in two rows', () => {
    const problems = environmentTableProblems(
      'gateway',
      ['PORT'],
      readme('| `PORT` | gateway | x | y |', '| `PORT` | services using BullMQ | x | y |'),
    );
    expect(problems).toEqual([
      'README.md environment table: `PORT` has more than one row',
      expect.stringMatching(
        /^README\.md environment table, row `PORT`: "used by" names services using BullMQ; list services \(.*gateway.*\) or start\/test scripts, e2e, comma-separated$/,
      ),
    ]);
  });
});
