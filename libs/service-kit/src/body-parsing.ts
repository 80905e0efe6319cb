import type { INestApplication } from '@nestjs/common';
import { json, NextFunction, Request, Response, urlencoded } from 'express';
import { toErrorBody } from './app-exception.filter';

const DEFAULT_BODY_LIMIT = '1mb';

/**
 * JSON and form bodies (the seed's ZIP download is a form post). Parser failures are answered here
 * with the catalogue's ErrorBody: Nest would otherwise turn them into a bare 400 carrying the
 * parser's own message. Requires `bodyParser: false` on the Nest application.
 */
export function useBodyParsing(app: INestApplication, limit = DEFAULT_BODY_LIMIT): void {
  app.use(json({ limit }), urlencoded({ extended: false, limit }), (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const body = toErrorBody(error);
    if (body.statusCode >= 500) return next(error);
    res.status(body.statusCode).json(body);
  });
}
