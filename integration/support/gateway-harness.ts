import type { INestApplication } from '@nestjs/common';
import {
  ClientToServerEvents,
  ExtractJobPayload,
  ExtractJobResult,
  QueueName,
  SOCKET_PATH,
  ServerToClientEvents,
} from '@pixtract/contracts';
import { MetricsListener, redisConnectionOptions } from '@pixtract/service-kit';
import {
  AS_GATEWAY,
  CookieJar,
  createTestDatabase,
  TEST_INTERNAL_TOKEN,
  TestDatabase,
  uniqueQueuePrefix,
} from '@pixtract/testing';
import { Job, Worker } from 'bullmq';
import { AddressInfo } from 'node:net';
import { io, Socket } from 'socket.io-client';
import { AuthHarness, startAuth } from '@pixtract/auth/test/auth-harness';
import { createGateway } from '@pixtract/gateway/src/gateway.app';
import { loadGatewayConfig } from '@pixtract/gateway/src/gateway.config';

const SHARED_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface GatewayHarness {
  app: INestApplication;
  base: string;
  database: TestDatabase;
  queuePrefix: string;
  /** The auth service this gateway asks (started for it unless shared). */
  authUrl: string;
  /** That auth service's application, when this gateway started it. */
  authApp?: INestApplication;
  /** Its Prometheus endpoint, on the internal metrics port. */
  metricsUrl: string;
  post(path: string, body: unknown, raw?: boolean): Promise<Response>;
  /** A browser's cookies on this gateway: its visitor (minted on its first request), its session once signed in. */
  browser(): CookieJar;
  /** A browser that has been here before: it holds the visitor cookie auth gives a first request. */
  returningVisitor(): Promise<CookieJar>;
  /** A socket, carrying `browser`'s cookies in its handshake like a page's socket does. */
  connectSocket(browser?: CookieJar): Promise<Socket<ServerToClientEvents, ClientToServerEvents>>;
  /**
   * A real BullMQ worker on one of the gateway's queues (the extraction queue by default), standing in for the
   * extractor; `concurrency` jobs at once (1 by default).
   */
  startWorker(
    process: (job: Job<ExtractJobPayload, ExtractJobResult>) => Promise<ExtractJobResult>,
    queue?: typeof QueueName.Extraction | typeof QueueName.CrawlPage,
    concurrency?: number,
  ): Worker;
  /** Stops this gateway's app and starts a new one on the same database, queue prefix and auth (`app`, `base` follow). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

interface SharedInfrastructure {
  database: TestDatabase;
  queuePrefix: string;
  authUrl: string;
}

/**
 * One gateway on its own database and queue prefix, listening on a free port, with a real auth
 * service of its own (own database) — or the infrastructure of another gateway, as a replica.
 * `env` is the gateway's, and also carries auth's quota and admin settings (PIXTRACT_QUOTA_*, ADMIN_USERNAMES)
 * and REDIS_URL for both.
 */
export async function startGateway(
  label: string,
  env: NodeJS.ProcessEnv = {},
  shared?: SharedInfrastructure,
): Promise<GatewayHarness> {
  const database = shared?.database ?? (await createTestDatabase(label));
  const queuePrefix = shared?.queuePrefix ?? uniqueQueuePrefix(label);
  const auth = shared ? undefined : await acquireAuth(authEnvOf(env));
  const authUrl = shared?.authUrl ?? auth!.base;
  const config = loadGatewayConfig({
    DATABASE_URL: database.url,
    REDIS_URL: SHARED_REDIS_URL,
    QUEUE_PREFIX: queuePrefix,
    LOG_LEVEL: 'silent',
    EXTRACTION_SYNC_WAIT_MS: '15000',
    AUTH_URL: authUrl,
    METRICS_PORT: '0',
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    ...env,
  });
  let app = await createGateway(config, 0);
  let base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  const workers: Worker[] = [];
  const sockets: Socket[] = [];

  return {
    get app() {
      return app;
    },
    get base() {
      return base;
    },
    database,
    queuePrefix,
    authUrl,
    authApp: auth?.app,
    get metricsUrl() {
      return app.get(MetricsListener).url;
    },
    post: (path, body, raw = false) =>
      fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: raw ? (body as string) : JSON.stringify(body),
      }),
    browser: () => new CookieJar(base),
    returningVisitor: async () => {
      const jar = new CookieJar(base);
      jar.remember(await fetch(`${authUrl}/internal/callers`, { method: 'POST', headers: AS_GATEWAY }));
      return jar;
    },
    connectSocket: async (browser) => {
      const extraHeaders = browser ? { cookie: browser.header() } : undefined;
      const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(base, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        forceNew: true,
        extraHeaders,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    },
    startWorker: (process, queue = QueueName.Extraction, concurrency = 1) => {
      const worker = new Worker<ExtractJobPayload, ExtractJobResult>(queue, process, {
        connection: redisConnectionOptions(config.REDIS_URL),
        prefix: queuePrefix,
        concurrency,
      });
      workers.push(worker);
      return worker;
    },
    restart: async () => {
      await app.close();
      app = await createGateway(config, 0);
      base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    },
    close: async () => {
      sockets.forEach((socket) => socket.disconnect());
      await Promise.all(workers.map((worker) => worker.close()));
      await app.close();
      if (!shared) await database.drop();
      if (auth) await releaseAuth(authEnvOf(env));
    },
  };
}

/**
 * Gateways of one test file with the same quota settings share one auth service (each file has
 * its own): starting a service and migrating its database is the slow part of a start.
 */
const authServices = new Map<string, { started: Promise<AuthHarness>; users: number }>();

async function acquireAuth(env: NodeJS.ProcessEnv): Promise<AuthHarness> {
  const key = JSON.stringify(env);
  const entry = authServices.get(key) ?? { started: startAuth('gateway_auth', env), users: 0 };
  entry.users += 1;
  authServices.set(key, entry);
  return entry.started;
}

async function releaseAuth(env: NodeJS.ProcessEnv): Promise<void> {
  const key = JSON.stringify(env);
  const entry = authServices.get(key);
  if (!entry || --entry.users > 0) return;
  authServices.delete(key);
  await (await entry.started).close();
}

/** Quota overrides and administrators are the auth service's settings; Redis is both services'. */
function authEnvOf(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(
      ([name]) => name.startsWith('PIXTRACT_QUOTA_') || name === 'ADMIN_USERNAMES' || name === 'REDIS_URL',
    ),
  );
}
