import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { freePort, isPortFree } from '../lib/net.mjs';
import { StackFailure, launchStack } from '../lib/stack.mjs';

/** A stand-in service: logs a line, answers /ready with 503 for `readyAfterMs`, then 200. */
const fakeService = (name, port, { readyAfterMs = 0, ignoreSigterm = false } = {}) => ({
  name,
  command: process.execPath,
  args: [
    '-e',
    `const started = Date.now();
     ${ignoreSigterm ? "process.on('SIGTERM', () => console.log('ignoring SIGTERM'));" : ''}
     require('http').createServer((req, res) => {
       res.statusCode = req.url === '/ready' && Date.now() - started >= ${readyAfterMs} ? 200 : 503;
       res.end();
     }).listen(${port}, '127.0.0.1', () => console.log('${name} listening'));`,
  ],
  readyUrl: `http://127.0.0.1:${port}/ready`,
});

const failing = (name) => ({
  name,
  command: process.execPath,
  args: ['-e', "console.error('missing FOO'); process.exit(3)"],
  readyUrl: 'http://127.0.0.1:9/ready',
});

function capture() {
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk) => (text += chunk));
  return { output, text: () => text };
}

describe('stack', () => {
  it('waits until every readiness URL answers 200 and prefixes each line with its process name', async () => {
    const [a, b] = [await freePort(), await freePort()];
    const log = capture();
    const stack = launchStack([fakeService('alpha', a), fakeService('beta', b, { readyAfterMs: 800 })], {
      output: log.output,
    });
    const started = Date.now();
    try {
      await stack.waitReady({ timeoutMs: 10_000 });
      assert.ok(Date.now() - started >= 700, 'beta answered 503 for its first 800 ms');
      assert.match(log.text(), /\[alpha\] alpha listening/);
      assert.match(log.text(), /\[beta\] +beta listening/);
    } finally {
      await stack.stop();
    }
    assert.ok(await isPortFree(a));
    assert.ok(await isPortFree(b));
  });

  it('fails with the last log lines of a process that exits before it is ready', async () => {
    const stack = launchStack([fakeService('alpha', await freePort()), failing('billing')], {
      output: capture().output,
    });
    try {
      await assert.rejects(stack.waitReady({ timeoutMs: 10_000 }), (error) => {
        assert.ok(error instanceof StackFailure);
        assert.equal(error.message, 'billing exited with code 3');
        assert.deepEqual(error.lastLines, ['missing FOO']);
        return true;
      });
    } finally {
      await stack.stop();
    }
  });

  it('reports a process that never becomes ready within the timeout', async () => {
    const stack = launchStack([fakeService('slow', await freePort(), { readyAfterMs: 60_000 })], {
      output: capture().output,
    });
    try {
      await assert.rejects(stack.waitReady({ timeoutMs: 1000 }), /slow was not ready within 1 s/);
    } finally {
      await stack.stop();
    }
  });

  it('kills a process that ignores SIGTERM once the grace period is over', async () => {
    const port = await freePort();
    const log = capture();
    const stack = launchStack([fakeService('stubborn', port, { ignoreSigterm: true })], {
      output: log.output,
      graceMs: 500,
    });
    await stack.waitReady({ timeoutMs: 10_000 });
    await stack.stop();
    assert.match(log.text(), /ignoring SIGTERM/);
    assert.ok(await isPortFree(port));
  });

  it('does not report processes it stopped itself as failures', async () => {
    const stack = launchStack([fakeService('alpha', await freePort())], { output: capture().output });
    await stack.waitReady({ timeoutMs: 10_000 });
    await stack.stop();
    const outcome = await Promise.race([
      stack.failed,
      new Promise((resolve) => setTimeout(() => resolve('no failure'), 200)),
    ]);
    assert.equal(outcome, 'no failure');
  });
});
