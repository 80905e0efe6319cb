import { z } from 'zod';

/** Every refusal a client can see: a stable code and the catalogue's words for it. */
export const ErrorCode = {
  UrlRequired: 'URL_REQUIRED',
  InvalidUrl: 'INVALID_URL',
  UrlTooLong: 'URL_TOO_LONG',
  UnsupportedScheme: 'UNSUPPORTED_SCHEME',
  CredentialsInUrl: 'CREDENTIALS_IN_URL',
  BlockedAddress: 'BLOCKED_ADDRESS',
  BlockedPort: 'BLOCKED_PORT',
  HostNotFound: 'HOST_NOT_FOUND',
  TooManyRedirects: 'TOO_MANY_REDIRECTS',
  UpstreamTimeout: 'UPSTREAM_TIMEOUT',
  UpstreamTooLarge: 'UPSTREAM_TOO_LARGE',
  UpstreamFailed: 'UPSTREAM_FAILED',
  PageTimeout: 'PAGE_TIMEOUT',
  PageDidNotAnswer: 'PAGE_DID_NOT_ANSWER',
  MalformedBody: 'MALFORMED_BODY',
  UnreadableBody: 'UNREADABLE_BODY',
  BodyTooDeep: 'BODY_TOO_DEEP',
  NulCharacter: 'NUL_CHARACTER',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  UnsupportedEncoding: 'UNSUPPORTED_ENCODING',
  ValidationFailed: 'VALIDATION_FAILED',
  ExtractionNotFound: 'EXTRACTION_NOT_FOUND',
  ExtractionFailed: 'EXTRACTION_FAILED',
  ExtractionStillRunning: 'EXTRACTION_STILL_RUNNING',
  DailyLimitReached: 'DAILY_LIMIT_REACHED',
  CrawlNotFound: 'CRAWL_NOT_FOUND',
  CrawlTooManyAddresses: 'CRAWL_TOO_MANY_ADDRESSES',
  NotAnImage: 'NOT_AN_IMAGE',
  NoImagesToDownload: 'NO_IMAGES_TO_DOWNLOAD',
  ScreenshotFailed: 'SCREENSHOT_FAILED',
  NotFound: 'NOT_FOUND',
  InternalOnly: 'INTERNAL_ONLY',
  WrongHost: 'WRONG_HOST',
  Internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const VALID_URL_EXAMPLE = 'Please enter a valid website URL (e.g., example.com or https://example.com)';

export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  URL_REQUIRED: 'Please enter a website URL.',
  INVALID_URL: VALID_URL_EXAMPLE,
  URL_TOO_LONG: 'That URL is too long: at most 2,048 characters.',
  UNSUPPORTED_SCHEME: 'Only http:// and https:// web addresses can be extracted.',
  CREDENTIALS_IN_URL: 'Web addresses with a user name or password in them are not allowed.',
  BLOCKED_ADDRESS: 'This address points to a private or local network and cannot be fetched.',
  BLOCKED_PORT: 'This port cannot be fetched: only ports 80 and 443 of public hosts are allowed.',
  HOST_NOT_FOUND: 'We could not find that website. Check the address and try again.',
  TOO_MANY_REDIRECTS: 'The website redirected too many times.',
  UPSTREAM_TIMEOUT: 'The website took too long to answer.',
  UPSTREAM_TOO_LARGE: 'The file is larger than we can fetch.',
  UPSTREAM_FAILED: 'The website could not be reached.',
  PAGE_TIMEOUT: 'The page took too long to load.',
  // Our time limit ended the wait, not the site: never said as the site's HTTP status (the NO_ANSWER warning says how long).
  PAGE_DID_NOT_ANSWER: 'The website did not answer: it may be down or very slow. Try again later.',
  MALFORMED_BODY: 'The request body is not valid JSON.',
  UNREADABLE_BODY: 'The request body could not be decompressed.',
  BODY_TOO_DEEP: 'The request body is nested too deeply.',
  NUL_CHARACTER: 'Text in the request may not contain NUL characters.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  UNSUPPORTED_ENCODING: 'Send the request body uncompressed, or compressed with gzip, deflate or br.',
  VALIDATION_FAILED: 'The request is not valid.',
  EXTRACTION_NOT_FOUND: 'No extraction with that id.',
  EXTRACTION_FAILED: 'Could not extract images from the provided URL. Please try a different URL.',
  EXTRACTION_STILL_RUNNING: 'The extraction is still running; follow it with GET /api/extractions/{id}.',
  DAILY_LIMIT_REACHED: 'Daily Limit Reached',
  CRAWL_NOT_FOUND: 'No crawl with that id.',
  CRAWL_TOO_MANY_ADDRESSES: 'That list has more addresses than your plan reads in one crawl.',
  NOT_AN_IMAGE: 'That address does not serve an image.',
  NO_IMAGES_TO_DOWNLOAD: 'No images to download',
  SCREENSHOT_FAILED: 'Unable to load website screenshot',
  NOT_FOUND: 'Not found.',
  INTERNAL_ONLY: "This address answers Pixtract's own services only.",
  WRONG_HOST: 'This site is not served at that address.',
  INTERNAL: 'An error occurred. Please try again later.',
};

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  /** Field messages for validation failures. */
  fields: z.record(z.string(), z.string()).optional(),
  /** Present on 5xx answers so a person can quote it to support; logs carry the same id. */
  errorId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
