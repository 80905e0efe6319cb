import { ERROR_MESSAGES, ErrorCode } from '@pixtract/contracts';
import { SafeFetchError } from '@pixtract/safe-fetch';
import { AppException } from '@pixtract/service-kit';

/** The upstream answered, but not with a success: the image cannot be had. */
export class UpstreamStatusException extends AppException {
  constructor(readonly upstreamStatus: number) {
    super(ErrorCode.UpstreamFailed, 502, {
      message: `The website answered ${upstreamStatus} for this image.`,
      upstreamStatus,
    });
  }
}

/** Every fetch failure as the HTTP refusal a client reads: catalogue code, status and words. */
export function toAppException(error: unknown): AppException {
  if (error instanceof AppException) return error;
  if (error instanceof SafeFetchError) return new AppException(error.code, error.status);
  return new AppException(ErrorCode.UpstreamFailed, 502);
}

/** The words a person reads in failed-downloads.txt for an image that could not be had. */
export function failureReason(error: unknown): string {
  const exception = toAppException(error);
  const body = exception.getResponse() as { message?: string };
  return body.message ?? ERROR_MESSAGES[exception.code];
}
