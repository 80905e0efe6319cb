import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

/**
 * A redis-server of a test's own, on a free port, keeping its data in an append-only file in a temporary folder
 * (as docker-compose.yml's Redis does): the shared Redis must never be stopped, this one can be, and restarted on
 * the same port and data. Every write is fsynced so a restart loses nothing the test wrote.
 */
export class RedisServerProcess {
  private child?: ChildProcess;
  private exited?: Promise<void>;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<RedisServerProcess> {
    const server = new RedisServerProcess(await freePort(), mkdtempSync(join(tmpdir(), 'pixtract-redis-')));
    await server.restart();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (again) on the same port and data folder; resolves once it accepts connections. */
  async restart(): Promise<void> {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--save',
        '',
      ],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const until = Date.now() + 10_000;
    while (!(await this.accepts())) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
      if (Date.now() > until) throw new Error(`redis-server did not listen on ${this.port} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** SIGTERM: Redis flushes its append-only file and exits, as `docker compose restart redis` has it. */
  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null) return;
    this.child.kill('SIGTERM');
    await this.exited;
  }

  /** Stops it and removes its data. */
  async close(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private accepts(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(this.port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  }
}
