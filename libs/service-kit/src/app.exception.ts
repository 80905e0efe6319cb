import { HttpException } from '@nestjs/common';
import { ERROR_MESSAGES, ErrorBody, ErrorCode } from '@pixtract/contracts';

/**
 * A refusal with a catalogue code and wording. Extra fields (for example `limits` on a 429)
 * travel in the body next to the standard ones.
 */
export class AppException extends HttpException {
  constructor(
    readonly code: ErrorCode,
    status: number,
    extra: Omit<Partial<ErrorBody>, 'statusCode' | 'code'> & Record<string, unknown> = {},
  ) {
    const body = { statusCode: status, code, message: ERROR_MESSAGES[code], ...extra };
    super(body, status);
  }
}
