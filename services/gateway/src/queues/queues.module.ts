import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QueueName } from '@pixtract/contracts';
import { queueDashboard } from './queue-dashboard';
import { QueueDepthMetrics } from './queue-depth.metrics';

/** What operators see of the queues: the admins' dashboard and the depth gauges Prometheus scrapes. */
@Module({
  imports: [BullModule.registerQueue(...Object.values(QueueName).map((name) => ({ name }))), ...queueDashboard()],
  providers: [QueueDepthMetrics],
})
export class QueuesModule {}
