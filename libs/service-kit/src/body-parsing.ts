import type { INestApplication } from '@nestjs/common';
import { json, NextFunction, Request, RequestHandler, Response, urlencoded } from 'express';
import { toErrorBody } from './app-exception.filter';

const DEFAULT_BODY_LIMIT = '1mb';

/**
 * JSON and form bodies (the seed's ZIP download is a form post). Parser failures are answered here
 * with the catalogue's ErrorBody: Nest would otherwise turn them into a bare 400 carrying the
 * parser's own message. Requires `bodyParser: false` on the Nest application.
 *
 * `rawBodyPaths` are left unparsed, their stream untouched: a signed webhook (PayPal's) is checked over its exact
 * bytes, which parsing and re-encoding would change.
 */
export function useBodyParsing(app: INestApplication, limit = DEFAULT_BODY_LIMIT, rawBodyPaths: readonly string[] = []): void {
  const unlessRaw = (parse: RequestHandler): RequestHandler => (req, res, next) => (rawBodyPaths.includes(req.path) ? next() : parse(req, res, next));
  app.use(unlessRaw(json({ limit })), unlessRaw(urlencoded({ extended: false, limit })), (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const body = toErrorBody(error);
    if (body.statusCode >= 500) return next(error);
    res.status(body.statusCode).json(body);
  });
}
