// The extra processes of `npm run dev`: TypeScript compilers in watch mode and the Vite dev server.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, bin } from './paths.mjs';

export const VITE_PORT = 5173;

/** Every lib, service and simulator with a build config; each gets its own `tsc -w` writing to its dist/. */
function compiledProjects() {
  return ['libs', 'services', 'simulators'].flatMap((group) =>
    readdirSync(join(ROOT, group))
      .filter((name) => existsSync(join(ROOT, group, name, 'tsconfig.build.json')))
      .map((name) => ({ name, config: join(ROOT, group, name, 'tsconfig.build.json') })),
  );
}

export function devProcesses() {
  const compilers = compiledProjects().map(({ name, config }) => ({
    name: `tsc:${name}`,
    command: bin('tsc'),
    args: ['-w', '--preserveWatchOutput', '-p', config],
  }));
  const vite = {
    name: 'web',
    command: bin('vite'),
    args: ['--port', String(VITE_PORT), '--strictPort'],
    cwd: join(ROOT, 'web'),
    readyUrl: `http://localhost:${VITE_PORT}/`,
  };
  return [...compilers, vite];
}
