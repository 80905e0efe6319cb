import { createServer } from 'node:http';
import { RedisIoAdapter } from '../src/progress/redis-io.adapter';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('RedisIoAdapter', () => {
  // jest fails the test on any unhandled rejection (jest-circus listens on the real process): the old QUIT-at-once
  // shutdown failed it with 4 "Connection is closed." rejections in 12 rounds.
  it('shuts down right after starting without cutting off its own subscriptions', async () => {
    // A replica stopped as soon as it started (a test's, or one a deploy replaces at once): its
    // SUBSCRIBEs and the UNSUBSCRIBEs of closing are still on their way when it quits.
    for (let round = 0; round < 12; round++) {
      const adapter = new RedisIoAdapter(createServer() as never, REDIS_URL);
      const server = adapter.createIOServer(0);
      await new Promise((resolve) => setTimeout(resolve, round % 4));
      // What Nest does on shutdown: close the server (the adapter's UNSUBSCRIBEs go out), then dispose.
      await new Promise<void>((resolve) => void server.close(() => resolve()));
      await adapter.dispose();
    }
    // Rejections surface a tick after the connections close.
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  it('disposes at once when Redis cannot be reached', async () => {
    // No io server: the adapter's own SUBSCRIBEs would be flushed as rejections when the clients are dropped.
    const adapter = new RedisIoAdapter(createServer() as never, 'redis://127.0.0.1:1');
    // QUIT or PING would wait in the offline queue forever (jest's timeout would fail the test).
    await expect(adapter.dispose()).resolves.toBeUndefined();
  });
});
