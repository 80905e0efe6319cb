import { DynamicModule, Global, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { METRICS_PORT, MetricsListener } from './metrics.listener';
import { MetricsRegistry } from './metrics.registry';

export interface MetricsOptions {
  service: string;
  /** Serve /metrics on this port of its own (the gateway, whose port is public); else on the service's port. */
  port?: number;
  /** The address that port listens on (unset: every interface). */
  host?: string;
}

/** The service's MetricsRegistry for every feature, and the /metrics endpoint Prometheus scrapes. */
@Global()
@Module({})
export class MetricsModule {
  static forRoot({ service, port, host }: MetricsOptions): DynamicModule {
    const registry = { provide: MetricsRegistry, useValue: new MetricsRegistry(service) };
    return {
      module: MetricsModule,
      controllers: port === undefined ? [MetricsController] : [],
      providers:
        port === undefined
          ? [registry]
          : [registry, { provide: METRICS_PORT, useValue: { port, host } }, MetricsListener],
      exports: [MetricsRegistry],
    };
  }
}
