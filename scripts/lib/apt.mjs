// Installs a missing Debian package, only where that is safe to do unasked: as root with apt-get
// (CI machines and containers). Elsewhere the caller prints its one-line instruction instead.
import { SetupError } from './setup-error.mjs';
import { isRoot, onPath, run, tail } from './exec.mjs';
import { status } from './output.mjs';

let updated = false;

export const canInstallPackages = () => isRoot() && onPath('apt-get') !== undefined;

export async function aptInstall(...packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  status(`Installing ${packages.join(', ')} with apt-get…`);
  if (!updated) {
    const update = await run('apt-get', ['update', '-qq'], { env });
    if (update.code !== 0)
      throw new SetupError('apt-get update failed (output above).', { details: tail(update.output) });
    updated = true;
  }
  const install = await run('apt-get', ['install', '-y', '-qq', ...packages], { env });
  if (install.code !== 0)
    throw new SetupError(`apt-get install ${packages.join(' ')} failed (output above).`, {
      details: tail(install.output),
    });
}
