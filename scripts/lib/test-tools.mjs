// Programs the tests call besides Node, each installed with apt where we may, else named in a one-line instruction.
import { aptInstall, canInstallPackages } from './apt.mjs';
import { onPath } from './exec.mjs';
import { SetupError } from './setup-error.mjs';

const TOOLS = [
  { programs: ['unzip', 'zipinfo'], debianPackage: 'unzip', why: 'the ZIP tests check every archive with it' },
  {
    programs: ['redis-server'],
    debianPackage: 'redis-server',
    why: 'the Redis restart test stops and restarts a server of its own (never the shared one)',
  },
];

export async function ensureTestTools() {
  for (const tool of TOOLS) {
    if (tool.programs.every((program) => onPath(program))) continue;
    if (!canInstallPackages())
      throw new SetupError(
        `Install ${tool.debianPackage} (e.g. \`sudo apt-get install ${tool.debianPackage}\`): ${tool.why}.`,
      );
    await aptInstall(tool.debianPackage);
  }
}
