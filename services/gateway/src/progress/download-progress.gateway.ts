import { Inject, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import {
  archiveProgressChannel,
  archiveProgressSchema,
  ClientToServerEvents,
  downloadRoom,
  SOCKET_PATH,
  ServerToClientEvents,
} from '@pixtract/contracts';
import { closeRedis, logConnectionErrors, REDIS } from '@pixtract/service-kit';
import type { Redis } from 'ioredis';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config';

const downloadIdSchema = z.uuid();

/**
 * The progress of a ZIP the page asked for. The page names its download with a random UUID, joins that room, then
 * posts the form with the id; the zipper publishes its counts on a Redis channel every gateway replica hears, and
 * each replica tells its own sockets (`local`). The counts say nothing about the images, so knowing the id is
 * enough to follow it.
 */
@WebSocketGateway({ path: SOCKET_PATH, serveClient: false })
export class DownloadProgressGateway implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(DownloadProgressGateway.name);
  private readonly subscriber: Redis;
  private readonly channel: string;

  @WebSocketServer()
  private readonly server!: Server<ClientToServerEvents, ServerToClientEvents>;

  constructor(@Inject(REDIS) redis: Redis, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.subscriber = logConnectionErrors(redis.duplicate({ connectionName: 'gateway-archive-progress' }));
    this.channel = archiveProgressChannel(config.QUEUE_PREFIX);
  }

  async onModuleInit(): Promise<void> {
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.relay(message);
    });
    await this.subscriber.subscribe(this.channel);
  }

  async onModuleDestroy(): Promise<void> {
    await closeRedis(this.subscriber);
  }

  @SubscribeMessage('download:follow')
  async follow(@ConnectedSocket() socket: Socket, @MessageBody() downloadId: unknown): Promise<{ ok: boolean }> {
    const id = downloadIdSchema.safeParse(downloadId);
    if (!id.success) return { ok: false };
    await socket.join(downloadRoom(id.data));
    return { ok: true };
  }

  @SubscribeMessage('download:unfollow')
  async unfollow(@ConnectedSocket() socket: Socket, @MessageBody() downloadId: unknown): Promise<void> {
    const id = downloadIdSchema.safeParse(downloadId);
    if (id.success) await socket.leave(downloadRoom(id.data));
  }

  private relay(message: string): void {
    let progress;
    try {
      progress = archiveProgressSchema.parse(JSON.parse(message));
    } catch (error) {
      this.logger.warn({ err: error }, 'archive progress not understood');
      return;
    }
    this.server.local.to(downloadRoom(progress.downloadId)).emit('download:progress', progress);
  }
}
