import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import { ERROR_MESSAGES, ErrorBody, ErrorCode } from '@pixtract/contracts';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { PinoLogger } from 'nestjs-pino';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.ValidationFailed,
  404: ErrorCode.NotFound,
  413: ErrorCode.UpstreamTooLarge,
};

/** Body-parser errors (malformed JSON, oversized body) carry `type` and `status`. */
function isBodyParserError(error: unknown): error is { type: string; status: number } {
  return typeof error === 'object' && error !== null && 'type' in error && 'status' in error;
}

export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'object' && response !== null && 'code' in response) return response as ErrorBody;
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? ErrorCode.Internal : ErrorCode.ValidationFailed);
    const message = status >= 500 ? ERROR_MESSAGES.INTERNAL : exception.message;
    return { statusCode: status, code, message };
  }
  if (isBodyParserError(exception) && exception.status >= 400 && exception.status < 500) {
    const code = exception.type === 'entity.parse.failed' ? ErrorCode.MalformedBody : ErrorCode.ValidationFailed;
    const message = exception.type === 'entity.too.large' ? 'The request body is too large.' : ERROR_MESSAGES[code];
    return { statusCode: exception.status, code, message };
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
