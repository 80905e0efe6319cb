export * from './metrics.registry';
export * from './metrics.module';
export { MetricsListener } from './metrics.listener';
export { routeLabel } from './http-metrics.middleware';
