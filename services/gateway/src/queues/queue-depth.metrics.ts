import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { QueueName } from '@pixtract/contracts';
import { METRIC_PREFIX, MetricsRegistry } from '@pixtract/service-kit';
import type { Queue } from 'bullmq';

const STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

/**
 * Jobs per queue and state, read from Redis when Prometheus scrapes: the gateway holds every queue, and the
 * numbers are the queue's, not one process's, so every replica reports the same values (aggregate with max).
 */
@Injectable()
export class QueueDepthMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsRegistry,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    const queues = Object.values(QueueName).map((name) =>
      this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }),
    );
    this.metrics.gauge({
      name: `${METRIC_PREFIX}queue_jobs`,
      help: 'Jobs in each BullMQ queue by state',
      labelNames: ['queue', 'state'],
      async collect() {
        const counts = await Promise.all(queues.map((queue) => queue.getJobCounts(...STATES)));
        queues.forEach((queue, index) =>
          STATES.forEach((state) => this.set({ queue: queue.name, state }, counts[index][state] ?? 0)),
        );
      },
    });
  }
}
