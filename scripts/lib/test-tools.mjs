// Programs the tests call besides Node: the archive tests open every ZIP with `unzip -t` and `zipinfo`.
import { aptInstall, canInstallPackages } from './apt.mjs';
import { onPath } from './exec.mjs';
import { SetupError } from './setup-error.mjs';

export async function ensureTestTools() {
  if (onPath('unzip') && onPath('zipinfo')) return;
  if (!canInstallPackages()) throw new SetupError('Install unzip (e.g. `sudo apt-get install unzip`): the ZIP tests check every archive with it.');
  await aptInstall('unzip');
}
