import { createServer } from 'node:http';
import { RedisIoAdapter } from './redis-io.adapter';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('RedisIoAdapter', () => {
  it('shuts down right after starting without cutting off its own subscriptions', async () => {
    const rejections: unknown[] = [];
    const record = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', record);
    try {
      // A replica stopped as soon as it started (a test's, or one a deploy replaces at once): its
      // SUBSCRIBEs and the UNSUBSCRIBEs of closing are still on their way when it quits.
      for (let round = 0; round < 12; round++) {
        const adapter = new RedisIoAdapter(createServer() as never, REDIS_URL);
        const server = adapter.createIOServer(0);
        await new Promise((resolve) => setTimeout(resolve, round % 4));
        // What Nest does on shutdown: close the server (the adapter's UNSUBSCRIBEs go out), then dispose.
        await new Promise((resolve) => server.close(resolve));
        await adapter.dispose();
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
