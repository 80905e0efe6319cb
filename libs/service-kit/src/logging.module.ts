import { DynamicModule } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';

const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[\w.-]{1,100}$/;

/** Keeps a caller's correlation id when it looks sane, else mints one; echoed on the response. */
function requestIdFor(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers[REQUEST_ID_HEADER];
  const id = typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** The request's correlation id: pino-http types it loosely, but requestIdFor always mints a string. */
export function requestIdOf(req: IncomingMessage): string {
  return req.id as string;
}

const PROBES = new Set(['/health', '/ready']);

/** pino JSON logs with the request id on every line logged while handling a request. */
export function loggingModule(service: string, level: string): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      name: service,
      level,
      genReqId: requestIdFor,
      customProps: () => ({ service }),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      autoLogging: { ignore: (req) => PROBES.has(req.url ?? '') },
    },
  });
}
