import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QueueName } from '@pixtract/contracts';
import { queueDashboard } from './queue-dashboard';
import { QueueDepthMetrics } from './queue-depth.metrics';

/** Every queue of the contracts, registered once (features import this module for theirs). */
const QUEUES = BullModule.registerQueue(...Object.values(QueueName).map((name) => ({ name })));

/** The gateway's queues, and what operators see of them: the admins' dashboard and the depth gauges. */
@Module({
  imports: [QUEUES, ...queueDashboard()],
  providers: [QueueDepthMetrics],
  exports: [QUEUES],
})
export class QueuesModule {}
