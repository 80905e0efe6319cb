import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import { ERROR_MESSAGES, ErrorBody, ErrorCode } from '@pixtract/contracts';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { PinoLogger } from 'nestjs-pino';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.ValidationFailed,
  404: ErrorCode.NotFound,
  413: ErrorCode.PayloadTooLarge,
  415: ErrorCode.UnsupportedMediaType,
};

/** body-parser's error types (and the one our depth check adds), in the catalogue's words. */
const CODE_BY_PARSER_ERROR: Record<string, ErrorCode> = {
  'entity.parse.failed': ErrorCode.MalformedBody,
  'entity.too.large': ErrorCode.PayloadTooLarge,
  'entity.too.deep': ErrorCode.BodyTooDeep,
  'encoding.unsupported': ErrorCode.UnsupportedEncoding,
  'charset.unsupported': ErrorCode.UnsupportedMediaType,
  'request.size.invalid': ErrorCode.UnreadableBody,
  'request.aborted': ErrorCode.UnreadableBody,
};

/**
 * A client error raised by express's own middleware (body-parser, serve-static): http-errors marks them `expose`
 * and gives a 4xx `status`.
 */
export function isClientHttpError(error: unknown): error is { status: number; type?: string } {
  if (typeof error !== 'object' || error === null || !('status' in error) || !('expose' in error)) return false;
  const { status, expose } = error;
  return expose === true && typeof status === 'number' && status >= 400 && status < 500;
}

export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'object' && response !== null && 'code' in response) return response as ErrorBody;
    // Nest's own refusals (e.g. "Cannot GET /x" for an unknown route) echo the request: the catalogue's words instead.
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? ErrorCode.Internal : ErrorCode.ValidationFailed);
    return { statusCode: status, code, message: ERROR_MESSAGES[code] };
  }
  if (isClientHttpError(exception)) {
    const code =
      (exception.type ? CODE_BY_PARSER_ERROR[exception.type] : undefined) ??
      CODE_BY_STATUS[exception.status] ??
      ErrorCode.ValidationFailed;
    return { statusCode: exception.status, code, message: ERROR_MESSAGES[code] };
  }
  return { statusCode: 500, code: ErrorCode.Internal, message: ERROR_MESSAGES.INTERNAL };
}

/**
 * Every HTTP error leaves as an ErrorBody: catalogue wording, never a stack trace. A 500 gets an
 * errorId that is also in the log line, so a person can quote it. A failure after the headers
 * were sent (a stream broke mid-way) destroys the connection so the client sees it was cut short.
 */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: PinoLogger) {
    logger.setContext(AppExceptionFilter.name);
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<Request>();
    if (response.headersSent) {
      this.logger.warn({ err: exception, url: request.url }, 'failed after headers were sent; connection destroyed');
      response.destroy();
      return;
    }
    const body = toErrorBody(exception);
    if (body.statusCode >= 500) {
      body.errorId = randomUUID();
      this.logger.error({ err: exception, errorId: body.errorId, url: request.url }, 'unhandled error');
    }
    response.status(body.statusCode).json(body);
  }
}
