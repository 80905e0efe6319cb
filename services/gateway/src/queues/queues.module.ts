import { BullModule } from '@nestjs/bullmq';
import { Module, Provider } from '@nestjs/common';
import { QueueName } from '@pixtract/contracts';
import { REDIS, VisitorPresence } from '@pixtract/service-kit';
import type { Redis } from 'ioredis';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';
import { queueDashboard } from './queue-dashboard';
import { QueueDepthMetrics } from './queue-depth.metrics';

/** Every queue of the contracts, registered once (features import this module for theirs). */
const QUEUES = BullModule.registerQueue(...Object.values(QueueName).map((name) => ({ name })));

/** The visitors this machine serves, beside the queues' keys: extractions mark them, crawl work yields to them. */
const visitorPresenceProvider: Provider = {
  provide: VisitorPresence,
  inject: [REDIS, GATEWAY_CONFIG],
  useFactory: (redis: Redis, config: GatewayConfig) => new VisitorPresence(redis, config.QUEUE_PREFIX),
};

/**
 * The gateway's queues, and what operators see of them: the admins' dashboard and the depth gauges; and the
 * visitors served on this machine.
 */
@Module({
  imports: [QUEUES, ...queueDashboard()],
  providers: [QueueDepthMetrics, visitorPresenceProvider],
  exports: [QUEUES, VisitorPresence],
})
export class QueuesModule {}
