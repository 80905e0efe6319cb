import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { run } from '../lib/exec.mjs';

describe('run', () => {
  it('captures a quiet command’s output and returns its exit code', async () => {
    const { code, output } = await run(process.execPath, ['-e', 'console.log("hi"); process.exit(3)']);
    assert.equal(code, 3);
    assert.equal(output, 'hi\n');
  });

  it('streams with a prefix on every line, the last one too when it has no newline (e2e shards side by side)', async () => {
    const script =
      'process.stdout.write("one\\ntw"); setTimeout(() => { process.stdout.write("o\\nthree"); console.error("oops"); }, 20)';
    const written = [];
    const out = { write: (text) => written.push(text) };
    await run(process.execPath, ['-e', script], { stream: true, prefix: '[e2e 2/2] ', out });
    assert.deepEqual(written.join('').trimEnd().split('\n').sort(), [
      '[e2e 2/2] one',
      '[e2e 2/2] oops',
      '[e2e 2/2] three',
      '[e2e 2/2] two',
    ]);
  });
});
