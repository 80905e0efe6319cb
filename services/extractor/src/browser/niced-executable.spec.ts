import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { nicedExecutable } from './niced-executable';

describe('nicedExecutable', () => {
  it('writes a start script in a directory of its own, and removes both', async () => {
    const { path, remove } = await nicedExecutable("/opt/it's chromium", 10, () => undefined);
    expect(readFileSync(path, 'utf8')).toMatch(/nice -n 10 '\/opt\/it'\\''s chromium' "\$@"\n$/);
    expect(statSync(path).mode & 0o777).toBe(0o755);
    // mkdtemp's directory: no one else may write a script into it.
    expect(statSync(dirname(path)).mode & 0o777).toBe(0o700);
    await remove();
    expect(existsSync(dirname(path))).toBe(false);
  });
});
