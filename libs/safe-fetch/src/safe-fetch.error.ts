import { ERROR_MESSAGES, ErrorCode } from '@pixtract/contracts';

/** The catalogue codes this library can raise; each has exactly one HTTP status. */
type SafeFetchErrorCode =
  | typeof ErrorCode.InvalidUrl
  | typeof ErrorCode.UnsupportedScheme
  | typeof ErrorCode.CredentialsInUrl
  | typeof ErrorCode.BlockedAddress
  | typeof ErrorCode.BlockedPort
  | typeof ErrorCode.HostNotFound
  | typeof ErrorCode.TooManyRedirects
  | typeof ErrorCode.UpstreamTimeout
  | typeof ErrorCode.UpstreamTooLarge
  | typeof ErrorCode.UpstreamFailed;

const STATUS: Record<SafeFetchErrorCode, number> = {
  // Policy refusals are 400: the URL the person gave is what we refuse. BlockedAddress is 400 rather than 403
  // because nothing about the caller's identity would change the answer.
  INVALID_URL: 400,
  UNSUPPORTED_SCHEME: 400,
  CREDENTIALS_IN_URL: 400,
  BLOCKED_ADDRESS: 400,
  BLOCKED_PORT: 400,
  // 422: the address is well-formed but names no host; retrying the same input will not help.
  HOST_NOT_FOUND: 422,
  TOO_MANY_REDIRECTS: 502,
  UPSTREAM_TIMEOUT: 504,
  UPSTREAM_TOO_LARGE: 413,
  UPSTREAM_FAILED: 502,
};

/** A refusal or upstream failure; the message is the catalogue's words, the technical detail stays in `cause`. */
export class SafeFetchError extends Error {
  readonly code: SafeFetchErrorCode;
  readonly status: number;

  constructor(code: SafeFetchErrorCode, options?: { cause?: unknown }) {
    super(ERROR_MESSAGES[code], options);
    this.name = 'SafeFetchError';
    this.code = code;
    this.status = STATUS[code];
  }
}

/** Anything that is not already a SafeFetchError (socket resets, TLS failures, zlib errors) is an upstream failure. */
export function toSafeFetchError(error: unknown): SafeFetchError {
  return error instanceof SafeFetchError ? error : new SafeFetchError(ErrorCode.UpstreamFailed, { cause: error });
}
