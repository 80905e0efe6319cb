/**
 * Reads until `condition` holds and answers the value that met it; past `timeoutMs` fails naming `what` and the
 * last value read. For waits on a shared machine: no fixed sleeps.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  condition: (value: T) => boolean,
  what: string,
  timeoutMs: number,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (condition(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`not within ${timeoutMs} ms: ${what} (last: ${JSON.stringify(value)?.slice(0, 2000)})`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
