// Orderly exit for the command-line scripts: cleanups (stop services, then the servers we started)
// run once, in reverse order of registration, on Ctrl-C, SIGTERM or a fatal error.
import { problem, status } from './output.mjs';

const cleanups = [];
let exiting;

export const onShutdown = (cleanup) => cleanups.push(cleanup);

export const isShuttingDown = () => exiting !== undefined;

export function shutdown(code) {
  exiting ??= (async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        problem(`While stopping: ${error.message}`);
      }
    }
    process.exit(code);
  })();
  return exiting;
}

/** A requested stop is a success (exit 0); a second signal while stopping is ignored, not fatal. */
export function stopOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (isShuttingDown()) return;
      status('Stopping…');
      shutdown(0);
    });
  }
}
