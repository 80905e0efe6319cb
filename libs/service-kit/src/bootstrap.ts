import { DynamicModule, INestApplication, Module, Type } from '@nestjs/common';
import type { Express, RequestHandler } from 'express';
import { NestFactory } from '@nestjs/core';
import { Logger, PinoLogger } from 'nestjs-pino';
import { AppExceptionFilter } from './app-exception.filter';
import { useBodyParsing } from './body-parsing';
import { ConfigError } from './config';
import { httpMetrics } from './metrics/http-metrics.middleware';
import { MetricsModule } from './metrics/metrics.module';
import { MetricsRegistry } from './metrics/metrics.registry';

interface ServiceOptions {
  name: string;
  module: Type | DynamicModule;
  port: number;
  /** Largest accepted request body (express size string). */
  bodyLimit?: string;
  /** Middleware that runs before the body is read, so that even a refused body's answer passes through it (headers). */
  beforeBodyParsing?: RequestHandler[];
  /** Paths whose bodies stay unparsed, as sent (signed webhooks). */
  rawBodyPaths?: readonly string[];
  /** Routes, middleware, adapters: whatever the service adds before it listens. */
  configure?: (app: INestApplication) => void | Promise<void>;
  metrics?: {
    /** A port of its own for /metrics (a service whose HTTP port is public); else /metrics is served on `port`. */
    port?: number;
    /** Path prefixes answered by middleware rather than routes (relays, dashboards): their latency label. */
    mounts?: readonly string[];
  };
}

/** The service's own module beside the metrics every service exports. */
@Module({})
class ServiceRootModule {
  static wrap(options: ServiceOptions): DynamicModule {
    return {
      module: ServiceRootModule,
      imports: [MetricsModule.forRoot({ service: options.name, port: options.metrics?.port }), options.module],
    };
  }
}

/**
 * Creates, configures and starts one service: pino logging, the error filter, request latency metrics, body parsing,
 * graceful shutdown on SIGTERM/SIGINT (Nest closes modules, so queues, sockets and pools drain), then listens.
 */
export async function createService(options: ServiceOptions): Promise<INestApplication> {
  const app = await NestFactory.create(ServiceRootModule.wrap(options), { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  // Answers do not advertise the framework (relayed answers of internal services included).
  (app.getHttpAdapter().getInstance() as Express).disable('x-powered-by');
  app.use(httpMetrics(app.get(MetricsRegistry), options.metrics?.mounts));
  app.useGlobalFilters(new AppExceptionFilter(await app.resolve(PinoLogger)));
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  for (const middleware of options.beforeBodyParsing ?? []) app.use(middleware);
  useBodyParsing(app, options.bodyLimit, options.rawBodyPaths);
  await options.configure?.(app);
  await app.listen(options.port);
  app.get(Logger).log(`${options.name} listening on port ${options.port}`, 'Bootstrap');
  return app;
}

/** Entry-point wrapper: a bad config or a failed start prints one readable message and exits 1. */
export function runService(start: () => Promise<unknown>): void {
  start().catch((error: unknown) => {
    const message =
      error instanceof ConfigError
        ? error.message
        : `Failed to start: ${error instanceof Error ? error.stack : String(error)}`;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  });
}
