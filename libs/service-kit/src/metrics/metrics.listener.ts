import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { MetricsRegistry } from './metrics.registry';

export const METRICS_PORT = Symbol('METRICS_PORT');

/**
 * /metrics on a port of its own, for a service whose HTTP port is public (the gateway): Prometheus scrapes it on
 * the internal network, and nothing about the service's insides is served to the internet.
 */
@Injectable()
export class MetricsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsListener.name);
  private readonly server: Server;

  constructor(
    private readonly metrics: MetricsRegistry,
    @Inject(METRICS_PORT) private readonly listening: { port: number; host?: string },
  ) {
    this.server = createServer((req, res) => void this.answer(req, res));
  }

  /** Where it listens (port 0 picks a free one: tests). */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/metrics`;
  }

  async onApplicationBootstrap(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.listening.port, this.listening.host, () => resolve());
    });
    this.logger.log(`metrics on port ${(this.server.address() as AddressInfo).port}`);
  }

  onApplicationShutdown(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: this port serves GET /metrics only.\n');
      return;
    }
    try {
      const body = await this.metrics.exposition();
      res.writeHead(200, { 'content-type': this.metrics.contentType }).end(body);
    } catch (error) {
      this.logger.error({ msg: 'metrics collection failed', err: error });
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics collection failed.\n');
    }
  }
}
