// Builds every project (libs, services, web) with Nx; unchanged projects come from Nx's cache.
import { run } from './exec.mjs';
import { ROOT, bin } from './paths.mjs';

/** Streams Nx's output; resolves true when every project built. */
export async function buildAll() {
  const { code } = await run(bin('nx'), ['run-many', '-t', 'build', '--output-style=stream'], { cwd: ROOT, stream: true });
  return code === 0;
}
