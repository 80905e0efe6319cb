import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatLogLine } from '../lib/log-format.mjs';

describe('log line format', () => {
  it('renders a pino line as level, context and message', () => {
    const line = JSON.stringify({
      level: 30,
      time: 1,
      service: 'auth',
      context: 'Bootstrap',
      msg: 'auth listening on port 3001',
    });
    assert.equal(formatLogLine(line), 'INFO  Bootstrap: auth listening on port 3001');
  });

  it('adds method, path, status and duration for a request log, and the stack of an error', () => {
    const request = JSON.stringify({
      level: 50,
      msg: 'request errored',
      req: { method: 'POST', url: '/api/extractions' },
      res: { statusCode: 500 },
      responseTime: 12,
      err: { stack: 'Error: boom\n    at x' },
    });
    assert.equal(formatLogLine(request), 'ERROR request errored POST /api/extractions 500 12ms\nError: boom\n    at x');
  });

  it('leaves lines that are not pino JSON unchanged', () => {
    for (const line of ['plain text', '{not json', '{"a":1}']) assert.equal(formatLogLine(line), line);
  });
});
