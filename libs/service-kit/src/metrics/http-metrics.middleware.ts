import type { NextFunction, Request, Response } from 'express';
import { METRIC_PREFIX, MetricsRegistry } from './metrics.registry';

/** Seconds; from a cached static file to a synchronous extraction that waits for its page. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];

/**
 * The route label is the route's pattern (`/api/extractions/:id`), never the raw URL, so the number of series
 * stays bounded whatever clients request. Paths middleware answers (relays, dashboards, static files: the
 * service's `mounts`) are labelled by their prefix; then a controller's route by its pattern — one method per
 * route, as Nest registers handlers (middleware and the 404 handler are routes for every method, and a wildcard
 * mount's baseUrl is the raw path, so neither may name a series); anything else is `unmatched`.
 */
export function routeLabel(req: Request, mounts: readonly string[]): string {
  const path = req.originalUrl.split('?')[0];
  const mount = mounts.find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  if (mount) return path === mount ? mount : `${mount}/*`;
  const route = req.route as { path?: unknown; methods?: Record<string, boolean> } | undefined;
  if (typeof route?.path === 'string' && Object.keys(route.methods ?? {}).length === 1) return route.path;
  return 'unmatched';
}

/** Times every request from its first byte to the end of its answer (or the client leaving). */
export function httpMetrics(metrics: MetricsRegistry, mounts: readonly string[] = []) {
  const duration = metrics.histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests: time to the end of the answer, by route pattern, method and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    const stop = duration.startTimer();
    res.once('close', () =>
      stop({ method: req.method, route: routeLabel(req, mounts), status_code: String(res.statusCode) }),
    );
    next();
  };
}
