import type { IncomingMessage } from 'node:http';
import { PassThrough, pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';
import { ErrorCode } from '@pixtract/contracts';
import { SafeFetchError, toSafeFetchError } from './safe-fetch.error';
import type { ExchangeDeadline } from './exchange-deadline';
import type { SafeFetchPolicy } from './safe-fetch.policy';

/** Counts what passes and fails the stream as soon as the count exceeds the limit — whatever Content-Length said. */
class ByteLimit extends Transform {
  private seen = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) callback(new SafeFetchError(ErrorCode.UpstreamTooLarge));
    else callback(null, chunk);
  }
}

/** Sync-flush finishing tolerates a truncated stream the way browsers do instead of failing the whole body. */
export function decoderFor(contentEncoding: string | undefined): Transform | undefined {
  switch (contentEncoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case 'deflate':
      return zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case 'br':
      return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    default:
      return undefined;
  }
}

/**
 * The body a caller reads: wire bytes capped, then decoded and capped again. The idle timeout and the exchange's
 * deadline run only while we are actually waiting for the server (a slow reader pausing the stream is not the
 * server's silence, and a body received but not yet read is not the server's time). Every failure reaches the
 * caller as a SafeFetchError on `body`; destroying `body` tears down the socket.
 */
export function createResponseBody(
  res: IncomingMessage,
  decoder: Transform | undefined,
  policy: SafeFetchPolicy,
  exchange: ExchangeDeadline,
): Readable {
  const { signal } = exchange;
  const body = new PassThrough();
  // Like Node's own IncomingMessage: a body nobody listens to must not crash the process when it fails; the error
  // stays recorded on the stream for a reader that comes later.
  body.on('error', () => undefined);
  const fail = (error: unknown) =>
    body.destroy(signal.aborted && error === signal.reason ? (error as Error) : toSafeFetchError(error));

  const stages: Transform[] = [new ByteLimit(policy.maxBytes)];
  if (decoder) stages.push(decoder, new ByteLimit(policy.maxDecompressedBytes));
  const decoded = pipeline([res, ...stages], (error) => error && fail(error)) as Transform;
  decoded.pipe(body);

  let idle: NodeJS.Timeout | undefined;
  const stopIdle = () => clearTimeout(idle);
  const armIdle = () => {
    stopIdle();
    idle = setTimeout(() => fail(new SafeFetchError(ErrorCode.UpstreamTimeout)), policy.timeouts.idleMs);
  };
  const serverTurn = () => {
    armIdle();
    exchange.resume();
  };
  const readerTurn = () => {
    stopIdle();
    exchange.pause();
  };
  // The pipe may pause `res` while handling this very chunk (our listener runs after it): then it is the reader's turn.
  res.on('data', () => (res.readableFlowing === false ? readerTurn() : serverTurn()));
  res.on('resume', serverTurn).on('pause', readerTurn).once('end', readerTurn);
  armIdle();

  const abort = () => fail(signal.reason);
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  body.once('close', () => {
    stopIdle();
    signal.removeEventListener('abort', abort);
    if (!decoded.destroyed) decoded.destroy();
  });
  return body;
}
