import { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { closeRedis, createRedis, logConnectionErrors } from '@pixtract/service-kit';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { isFromOurSite } from '../security/same-origin';
import { BASELINE_HEADERS } from '../security/security-headers';

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
    // A page on another site may not open a socket here with the visitor's cookies (cross-site WebSocket hijacking).
    const allowRequest: ServerOptions['allowRequest'] = (req, callback) => {
      const header = (name: string) => req.headers[name] as string | undefined;
      callback(null, isFromOurSite(header('sec-fetch-site'), header('origin'), header('host')));
    };
    const server = super.createIOServer(port, { ...options, allowRequest }) as Server;
    server.adapter(createAdapter(this.publisher, this.subscriber));
    // The long-polling transport answers outside express: it gets the headers every answer carries.
    server.engine.on('headers', (headers: Record<string, string>) => Object.assign(headers, BASELINE_HEADERS));
    return server;
  }

  override async dispose(): Promise<void> {
    await super.dispose();
    // Closing the server sent the adapter's UNSUBSCRIBEs without awaiting them: closeRedis lets them finish.
    await Promise.all([closeRedis(this.publisher), closeRedis(this.subscriber)]);
  }
}
