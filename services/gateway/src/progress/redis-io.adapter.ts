import { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createRedis } from '@pixtract/service-kit';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';

/** socket.io over Redis pub/sub, so an event emitted by any gateway replica reaches every browser. */
export class RedisIoAdapter extends IoAdapter {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(app: INestApplicationContext, redisUrl: string) {
    super(app);
    this.publisher = createRedis(redisUrl, 'gateway-socket-pub');
    this.subscriber = this.publisher.duplicate({ connectionName: 'gateway-socket-sub' });
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, options);
    server.adapter(createAdapter(this.publisher, this.subscriber));
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    // Closing the server sends the adapter's UNSUBSCRIBEs without waiting for them (nor for the
    // SUBSCRIBEs of a replica that only just started): a PING queued behind them answers once they
    // have, so QUIT cannot cut them off into unhandled "Connection is closed." rejections.
    await Promise.all([this.publisher.ping(), this.subscriber.ping()]).catch(() => undefined);
    await Promise.all([this.publisher.quit(), this.subscriber.quit()]).catch(() => undefined);
  }
}
