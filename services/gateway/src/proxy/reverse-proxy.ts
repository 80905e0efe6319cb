import type { HttpException } from '@nestjs/common';
import { internalHeaders } from '@pixtract/service-kit';
import type { Request, Response } from 'express';
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream';

/** Headers that describe one connection, never the message: a proxy must not pass them on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

export function withoutHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set((headers.connection ?? '').split(',').map((name) => name.trim().toLowerCase()));
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase()) && !named.has(name.toLowerCase())),
  );
}

/** Reads, whose request has no body to stream: safe to send again. */
const REPLAYABLE = new Set(['GET', 'HEAD']);

/** Below the 5 s keep-alive timeout of the Node servers behind. */
const IDLE_SOCKET_MS = 4000;

interface ForwardOptions {
  /** The request headers the service behind may see (each proxy decides: cookies for auth, none for the zipper). */
  headers: OutgoingHttpHeaders;
  /** The refusal to answer when the service behind cannot be reached before anything was sent. */
  unavailable: () => HttpException;
  /** Runs once the service has answered, before its answer is relayed: what the gateway itself does on that outcome. */
  onAnswer?: (status: number) => Promise<void>;
}

/**
 * Relays a request to one internal service as a stream: the answer is piped, never buffered whole;
 * its status and headers pass through (content-length included, so the visitor still sees a file's
 * size); a stream that breaks mid-way destroys the visitor's response so it cannot look complete;
 * a visitor who leaves closes the upstream connection, which aborts the service's own work.
 */
export class ReverseProxy {
  private readonly target: URL;
  private readonly agent: http.Agent;
  private readonly internal: OutgoingHttpHeaders;

  /** `internalToken`: the secret the services share, sent with every relayed request (INTERNAL_TOKEN). */
  constructor(target: string, internalToken: string) {
    this.target = new URL(target);
    this.internal = internalHeaders(internalToken);
    // An idle kept-alive socket is dropped here before the service behind drops it (Node's servers close theirs
    // after 5 s): reused at the moment the service closed it, it failed the next request with a 503.
    this.agent = new (this.target.protocol === 'https:' ? https.Agent : http.Agent)({
      keepAlive: true,
      timeout: IDLE_SOCKET_MS,
    });
  }

  forward(req: Request, res: Response, options: ForwardOptions): Promise<void> {
    // The gateway's body parser has already read JSON and form bodies (within its limit and depth, decompressed):
    // they go on as plain JSON, so the visitor's Content-Encoding no longer describes them.
    const body = req.readableEnded && req.body !== undefined ? Buffer.from(JSON.stringify(req.body)) : undefined;
    const headers: OutgoingHttpHeaders = { ...options.headers, ...this.internal };
    if (body) {
      Object.assign(headers, { 'content-type': 'application/json', 'content-length': body.length });
      delete headers['content-encoding'];
    } else if (req.headers['content-length'] && !REPLAYABLE.has(req.method))
      headers['content-length'] = req.headers['content-length'];

    const send = this.target.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const attempt = (retried: boolean) => {
        const upstream = send(
          {
            protocol: this.target.protocol,
            hostname: this.target.hostname,
            port: this.target.port,
            path: req.originalUrl,
            method: req.method,
            headers,
            agent: this.agent,
          },
          (answer) => {
            const relay = () => {
              const answerHeaders = withoutHopByHop(answer.headers);
              if (answer.headers['content-length']) answerHeaders['content-length'] = answer.headers['content-length'];
              res.writeHead(answer.statusCode ?? 502, answerHeaders);
              pipeline(answer, res, () => resolve());
            };
            if (!options.onAnswer) return relay();
            answer.pause();
            options.onAnswer(answer.statusCode ?? 502).then(relay, (error: unknown) => {
              answer.destroy();
              reject(error);
            });
          },
        );
        res.once('close', () => res.writableFinished || upstream.destroy());
        upstream.once('error', (error) => {
          // The visitor left first (we destroyed the upstream on their close): nobody to answer.
          if (res.destroyed && !res.headersSent) return resolve();
          // A kept-alive socket the service closed as it was reused (e.g. after refusing a large body unread):
          // the request never reached it, and a read is sent again once on a fresh socket (Node's advice).
          if (
            !retried &&
            upstream.reusedSocket &&
            (error as NodeJS.ErrnoException).code === 'ECONNRESET' &&
            REPLAYABLE.has(req.method)
          )
            return attempt(true);
          if (!res.headersSent) return reject(options.unavailable());
          res.destroy(error);
          resolve();
        });
        if (body) upstream.end(body);
        else if (REPLAYABLE.has(req.method)) upstream.end();
        else req.pipe(upstream);
      };
      attempt(false);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
