import { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { closeRedis, createRedis, logConnectionErrors } from '@pixtract/service-kit';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';

/** socket.io over Redis pub/sub, so an event emitted by any gateway replica reaches every browser. */
export class RedisIoAdapter extends IoAdapter {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(app: INestApplicationContext, redisUrl: string) {
    super(app);
    this.publisher = createRedis(redisUrl, 'gateway-socket-pub');
    this.subscriber = logConnectionErrors(this.publisher.duplicate({ connectionName: 'gateway-socket-sub' }));
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, options);
    server.adapter(createAdapter(this.publisher, this.subscriber));
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    // Closing the server sent the adapter's UNSUBSCRIBEs without awaiting them: closeRedis lets them finish.
    await Promise.all([closeRedis(this.publisher), closeRedis(this.subscriber)]);
  }
}
