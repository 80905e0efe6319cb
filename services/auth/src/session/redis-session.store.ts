import type { Redis } from 'ioredis';
import { SessionData, Store } from 'express-session';

const DEFAULT_TTL_S = 30 * 24 * 3600;

/**
 * express-session's store on the service's ioredis client (connect-redis now speaks only the
 * node-redis client). A session's key expires with its cookie.
 */
export class RedisSessionStore extends Store {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
  }

  override get(sid: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    void this.redis
      .get(this.key(sid))
      .then((raw) => callback(null, raw ? (JSON.parse(raw) as SessionData) : null), callback);
  }

  override set(sid: string, session: SessionData, callback?: (error?: unknown) => void): void {
    void this.redis
      .set(this.key(sid), JSON.stringify(session), 'EX', ttlOf(session))
      .then(() => callback?.(), callback);
  }

  override touch(sid: string, session: SessionData, callback?: () => void): void {
    void this.redis.expire(this.key(sid), ttlOf(session)).then(
      () => callback?.(),
      () => callback?.(),
    );
  }

  override destroy(sid: string, callback?: (error?: unknown) => void): void {
    void this.redis.del(this.key(sid)).then(() => callback?.(), callback);
  }

  private key(sid: string): string {
    return `${this.prefix}${sid}`;
  }
}

function ttlOf(session: SessionData): number {
  const expires = session.cookie?.expires;
  return expires ? Math.max(1, Math.ceil((new Date(expires).getTime() - Date.now()) / 1000)) : DEFAULT_TTL_S;
}
