import {
  Counter,
  CounterConfiguration,
  Gauge,
  GaugeConfiguration,
  Histogram,
  HistogramConfiguration,
  Registry,
  collectDefaultMetrics,
} from 'prom-client';

export type { Counter, Gauge, Histogram } from 'prom-client';

/** Every metric a service exports starts with this, so one Prometheus holds Pixtract's apart from others'. */
export const METRIC_PREFIX = 'pixtract_';

/**
 * One service's Prometheus metrics: its own registry (tests run several services in one process, and prom-client's
 * global registry would refuse the second one's names), Node's process metrics, and a `service` label on all of
 * them. Features create their metrics here and keep the handle.
 */
export class MetricsRegistry {
  readonly registry = new Registry();

  constructor(readonly service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry, prefix: METRIC_PREFIX });
  }

  counter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
    return new Counter({ ...config, registers: [this.registry] });
  }

  gauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
    return new Gauge({ ...config, registers: [this.registry] });
  }

  histogram<L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
    return new Histogram({ ...config, registers: [this.registry] });
  }

  /** The text exposition format Prometheus scrapes. */
  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
