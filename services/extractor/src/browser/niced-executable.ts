import { access, chmod, constants, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const CAP_SYS_NICE = 23n;

/** Whether this process may raise priorities (root): Chromium would then set its processes' nice values itself. */
async function mayRaisePriority(): Promise<boolean> {
  const status = await readFile('/proc/self/status', 'utf8').catch(() => '');
  const effective = /^CapEff:\s*([0-9a-f]+)$/m.exec(status)?.[1];
  return effective !== undefined && ((BigInt(`0x${effective}`) >> CAP_SYS_NICE) & 1n) === 1n;
}

const isExecutable = (path: string) =>
  access(path, constants.X_OK).then(
    () => true,
    () => false,
  );

const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** Whether `command` is on the PATH (util-linux's `setpriv` is on Debian's and most images; not everywhere). */
async function onPath(command: string): Promise<boolean> {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  return (await Promise.all(dirs.map((dir) => isExecutable(join(dir, command))))).some(Boolean);
}

/**
 * An executable that runs `executablePath` at `niceness` (POSIX `nice`): Playwright launches a browser by path, and
 * every process Chromium starts, renderers included, inherits the priority. Chromium sets its processes' nice
 * values itself (renderers 0 or 5, its main threads -8) where it may raise them, so with CAP_SYS_NICE (root) the
 * browser is started without it (util-linux `setpriv`): it can then only lower its priority further. Without
 * `setpriv` such a worker's crawl browser keeps only what Chromium leaves of the nice value (`onUnlowered` says so).
 * The script notes its process id, which `exec` hands on to Chromium: `launchedPid` answers the last one launched
 * (Playwright does not tell), the leader of the browser's process group (process-group.ts).
 */
export async function nicedExecutable(
  executablePath: string,
  niceness: number,
  onUnlowered: () => void,
): Promise<{ path: string; launchedPid: () => Promise<number | undefined>; remove: () => Promise<void> }> {
  const raising = await mayRaisePriority();
  const canDrop = raising && (await onPath('setpriv'));
  if (raising && !canDrop) onUnlowered();
  const withoutRaising = canDrop ? 'setpriv --inh-caps=-sys_nice --bounding-set=-sys_nice ' : '';
  // A directory of this process's own (mkdtemp: mode 0700, a fresh name), so no one else can put a script there.
  const dir = await mkdtemp(join(tmpdir(), 'pixtract-chromium-'));
  const path = join(dir, 'chromium-niced');
  const pidFile = join(dir, 'browser.pid');
  await writeFile(
    path,
    `#!/bin/sh\necho $$ > ${shellQuoted(pidFile)}\nexec ${withoutRaising}nice -n ${niceness} ${shellQuoted(executablePath)} "$@"\n`,
  );
  await chmod(path, 0o755);
  const launchedPid = async () => {
    const pid = Number.parseInt(await readFile(pidFile, 'utf8').catch(() => ''), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  };
  return { path, launchedPid, remove: () => rm(dir, { recursive: true, force: true }) };
}
