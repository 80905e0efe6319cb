// `npm start`: dependencies, Postgres, Redis, Chromium and databases (found, started or installed),
// the build, then the five services with prefixed logs until Ctrl-C.
// `npm run dev` (--dev): the same, with compilers in watch mode, services under `node --watch` and Vite.
import { relative } from 'node:path';
import { buildProjects } from './lib/build.mjs';
import { ensureDatabases } from './lib/databases.mjs';
import { ensureDependencies } from './lib/deps.mjs';
import { VITE_PORT, devProcesses } from './lib/dev.mjs';
import { describeGoogle } from './lib/google.mjs';
import { prepareInfrastructure } from './lib/infrastructure.mjs';
import { isPortFree } from './lib/net.mjs';
import { paint, problem, status } from './lib/output.mjs';
import { ROOT } from './lib/paths.mjs';
import { describePayPal } from './lib/paypal.mjs';
import { productProcesses } from './lib/product.mjs';
import { databaseNames, missingEntries } from './lib/services.mjs';
import { SetupError } from './lib/setup-error.mjs';
import { StackFailure, launchStack } from './lib/stack.mjs';
import { isShuttingDown, onShutdown, shutdown, stopOnSignals } from './lib/shutdown.mjs';

const BASE_PORT = 3000;
const dev = process.argv.includes('--dev');

function report(error) {
  if (error instanceof StackFailure && error.service) {
    console.error(paint.bold(`\nLast log lines of ${error.service}:`));
    for (const line of error.lastLines) console.error(`  ${line}`);
  } else if (error instanceof SetupError && error.details) {
    console.error(error.details);
  }
  problem(error instanceof SetupError || error instanceof StackFailure ? error.message : error.stack);
}

async function main() {
  await ensureDependencies();
  const infrastructure = await prepareInfrastructure();
  onShutdown(infrastructure.stop);
  await ensureDatabases(infrastructure.databaseServerUrl, databaseNames('pixtract'));

  status('Building (Nx reuses what has not changed)…');
  if (!(await buildProjects()).ok)
    throw new SetupError(`The build failed (errors above): fix them, then run npm ${dev ? 'run dev' : 'start'} again.`);
  const [missing] = missingEntries();
  if (missing)
    throw new SetupError(`${relative(ROOT, missing)} is missing after the build: that service has no src/main.ts yet.`);

  const { services, payPalSimulatorPort, googleSimulatorPort } = await productProcesses({
    basePort: BASE_PORT,
    infrastructure,
    dev,
  });
  const processes = dev ? [...devProcesses(), ...services] : services;
  for (const port of [...services.map((service) => Number(service.env.PORT)), ...(dev ? [VITE_PORT] : [])]) {
    if (!(await isPortFree(port)))
      throw new SetupError(
        `Port ${port} is already in use (is Pixtract already running?): stop that process, then try again.`,
      );
  }

  const stack = launchStack(processes);
  onShutdown(stack.stop);
  await stack.waitReady();
  console.log(
    paint.bold(
      paint.green(
        dev
          ? `Pixtract (dev) is running at http://localhost:${VITE_PORT}`
          : `Pixtract is running at http://localhost:${BASE_PORT}`,
      ),
    ),
  );
  if (dev) status(`Vite serves the web app on :${VITE_PORT} and proxies /api to http://localhost:${BASE_PORT}`);
  status(
    describePayPal(
      payPalSimulatorPort === undefined ? undefined : { origin: `http://127.0.0.1:${payPalSimulatorPort}` },
    ),
  );
  status(
    describeGoogle(
      googleSimulatorPort === undefined ? undefined : { origin: `http://127.0.0.1:${googleSimulatorPort}` },
    ),
  );
  status('Press Ctrl-C to stop.');
  throw await stack.failed;
}

stopOnSignals();
main().catch(async (error) => {
  // A failure caused by our own stop (Ctrl-C while starting) is not worth reporting.
  if (isShuttingDown()) return;
  report(error);
  await shutdown(1);
});
