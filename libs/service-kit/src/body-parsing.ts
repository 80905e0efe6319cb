import type { INestApplication } from '@nestjs/common';
import { ErrorCode } from '@pixtract/contracts';
import { json, NextFunction, Request, RequestHandler, Response, Router, urlencoded } from 'express';
import { isClientHttpError, toErrorBody } from './app-exception.filter';
import { AppException } from './app.exception';

const DEFAULT_BODY_LIMIT = '1mb';

/** No body of ours nests deeper; a deeper one is refused before anything re-serialises it (a stack overflow). */
export const MAX_BODY_DEPTH = 32;

/**
 * How a route's body is read: `json` (every route not listed below), `json-or-form`, or `unparsed` (left as the
 * request stream, for a route that needs the exact bytes, e.g. to check a signature or to relay them as they are).
 */
type BodyFormat = 'json' | 'json-or-form' | 'unparsed';

/**
 * The routes whose body is not JSON only, by public path. They are matched as the router matches routes (letter
 * case and a trailing slash do not matter), so a variant of a path is read the way its route expects.
 */
const BODY_FORMATS: Array<[path: string, format: BodyFormat]> = [
  // The seed's ZIP download is a form post (imageUrls, sourceUrl) opened in a new tab.
  ['/api/download-images', 'json-or-form'],
];

const MEDIA_TYPES: Record<Exclude<BodyFormat, 'unparsed'>, string[]> = {
  json: ['application/json', '+json'],
  'json-or-form': ['application/json', '+json', 'application/x-www-form-urlencoded'],
};

/**
 * Reads request bodies, refusing bad bytes and shapes with the catalogue's words before any route sees them:
 * another media type 415, a Content-Encoding other than gzip, deflate or br 415, a body that does not decompress
 * 400, over the limit (counted after decompression) 413, malformed JSON 400, nesting deeper than MAX_BODY_DEPTH
 * 400, a NUL character anywhere 400 (no field takes one and Postgres text cannot hold it). Nest's own parser must be
 * off (`bodyParser: false`): it answers a syntax error with a bare 400 carrying the parser's message.
 *
 * `rawBodyPaths` are a service's own `unparsed` routes: a signed webhook (PayPal's) is checked over its exact bytes,
 * which parsing and re-encoding would change.
 */
export function useBodyParsing(
  app: INestApplication,
  limit = DEFAULT_BODY_LIMIT,
  rawBodyPaths: readonly string[] = [],
): void {
  const readers: Record<BodyFormat, RequestHandler[]> = {
    json: [
      requireMediaType(MEDIA_TYPES.json),
      json({ limit, type: MEDIA_TYPES.json, verify: refuseDeepNesting }),
      refuseNul,
    ],
    'json-or-form': [
      requireMediaType(MEDIA_TYPES['json-or-form']),
      json({ limit, type: MEDIA_TYPES.json, verify: refuseDeepNesting }),
      urlencoded({ extended: false, limit, parameterLimit: 100 }),
      refuseNul,
    ],
    unparsed: [],
  };
  const router = Router();
  // A listed route's readers, then out of this router (`next('router')`): the JSON readers below are for the rest.
  const formats: Array<[string, BodyFormat]> = [
    ...BODY_FORMATS,
    ...rawBodyPaths.map((path): [string, BodyFormat] => [path, 'unparsed']),
  ];
  for (const [path, format] of formats)
    router.all(path, ...readers[format], (_req: Request, _res: Response, next: NextFunction) => next('router'));
  router.use(readers.json);
  app.use(router, (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const body = toErrorBody(isDecompressionFailure(error) ? new AppException(ErrorCode.UnreadableBody, 400) : error);
    if (body.statusCode >= 500) return next(error);
    res.status(body.statusCode).json(body);
  });
}

/** body-parser types every error of its own; an untyped 400 while reading is the decompression stream's (zlib). */
function isDecompressionFailure(error: unknown): boolean {
  return isClientHttpError(error) && error.status === 400 && error.type === undefined;
}

/** 415 for a body in another media type (or a JSON body in a charset other than UTF-8, which RFC 8259 requires). */
function requireMediaType(types: string[]): RequestHandler {
  return (req, _res, next) => {
    if (!hasContent(req)) return next();
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
    if (!req.is(types) || (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8'))
      return next(new AppException(ErrorCode.UnsupportedMediaType, 415));
    next();
  };
}

/** A request with bytes to read: `Content-Length: 0` (what fetch sends for a POST without a body) has none. */
function hasContent(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** body-parser's `verify`: runs on the raw (decompressed) bytes before JSON.parse. */
function refuseDeepNesting(_req: unknown, _res: unknown, raw: Buffer): void {
  if (jsonDepthExceeds(raw, MAX_BODY_DEPTH))
    throw Object.assign(new Error('body nested too deeply'), { status: 400, type: 'entity.too.deep' });
}

/**
 * Whether JSON text nests arrays and objects deeper than `max`. Reads UTF-8 bytes: every byte of a multi-byte
 * character is 0x80 or above, so it is never mistaken for a bracket, quote or backslash.
 */
export function jsonDepthExceeds(raw: Buffer, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < raw.length; index++) {
    const byte = raw[index];
    if (inString) {
      if (byte === 0x5c)
        index++; // backslash: the next byte is escaped
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > max) return true;
    } else if (byte === 0x5d || byte === 0x7d) depth--;
  }
  return false;
}

/** 400 when any key or text of the parsed body holds a NUL character (walked without recursion). */
function refuseNul(req: Request, _res: Response, next: NextFunction): void {
  const pending: unknown[] = [req.body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\0')) return next(new AppException(ErrorCode.NulCharacter, 400));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\0')) return next(new AppException(ErrorCode.NulCharacter, 400));
        pending.push(item);
      }
    }
  }
  next();
}
