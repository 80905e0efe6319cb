// Builds projects with Nx; unchanged projects come from Nx's cache.
import { run } from './exec.mjs';
import { ROOT, bin } from './paths.mjs';

/**
 * Builds `projects` (every project — libs, services, web — when none are named). Nx's output is streamed, or kept
 * and returned when `quiet` (the benches show it only on failure). Resolves { ok, output }.
 */
export async function buildProjects(projects = [], { quiet = false } = {}) {
  const only = projects.length ? ['-p', ...projects] : [];
  const { code, output } = await run(bin('nx'), ['run-many', '-t', 'build', ...only, '--output-style=stream'], {
    cwd: ROOT,
    stream: !quiet,
  });
  return { ok: code === 0, output };
}
