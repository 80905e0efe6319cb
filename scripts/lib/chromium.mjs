// Chromium for the extractor and the e2e tests: CHROMIUM_PATH, else the system's, else apt (where we
// may), else Playwright's own download, else a one-line instruction.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { aptInstall, canInstallPackages } from './apt.mjs';
import { isExecutable, onPath } from './exec.mjs';
import { status } from './output.mjs';
import { ROOT } from './paths.mjs';
import { SetupError } from './setup-error.mjs';

const INSTRUCTION =
  'Chromium not found: install it (sudo apt-get install chromium) or set CHROMIUM_PATH=/path/to/chromium';

const systemChromium = () =>
  ['/usr/bin/chromium', ...['chromium', 'chromium-browser'].map((name) => onPath(name))].find(
    (file) => file && isExecutable(file),
  );

function playwrightChromium() {
  try {
    const file = createRequire(join(ROOT, 'package.json'))('playwright-core').chromium.executablePath();
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

export async function ensureChromium({
  env = process.env,
  install = canInstallPackages(),
  system = systemChromium,
  bundled = playwrightChromium,
} = {}) {
  if (env.CHROMIUM_PATH) {
    if (!isExecutable(env.CHROMIUM_PATH))
      throw new SetupError(`CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file.`);
    status(`Chromium: ${env.CHROMIUM_PATH} (CHROMIUM_PATH)`);
    return env.CHROMIUM_PATH;
  }
  let found = system();
  if (!found && install) {
    await aptInstall('chromium');
    found = system();
  }
  found ??= bundled();
  if (!found) throw new SetupError(INSTRUCTION);
  status(`Chromium: ${found}`);
  return found;
}
