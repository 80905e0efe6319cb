import { z } from 'zod';
import { AuthErrorCode } from '../auth';
import { ErrorCode } from '../errors';
import {
  ExtractionResponse,
  ExtractionView,
  extractionAcceptedSchema,
  extractionRequestSchema,
  extractionResponseSchema,
  extractionStillRunningSchema,
  extractionViewSchema,
} from '../extraction';
import { ApiRoute, COMMON_REFUSALS, jsonAnswer, jsonBody, RefusalTable, refusals } from './api-route';

const EXTRACTION_ID = '0b7a4c3e-5a36-4d4f-9a7e-2f1f6d0c8e11';

const REQUEST_EXAMPLE = { url: 'example.com/gallery', mode: 'auto', fileTypes: ['jpg', 'png', 'webp'] };

const RESULT_EXAMPLE: ExtractionResponse = {
  files: [
    {
      fileUrl: 'https://example.com/img/hero.jpg',
      alt: 'Hero',
      width: 1600,
      height: 900,
      mimeType: 'image/jpeg',
      extension: 'jpg',
      size: 184_220,
      position: 0,
      sourceNode: 'img',
    },
    {
      fileUrl: 'https://example.com/img/logo.svg',
      alt: 'Example',
      width: 120,
      height: 40,
      mimeType: 'image/svg+xml',
      extension: 'svg',
      size: 2_310,
      position: 1,
      sourceNode: 'svg',
    },
  ],
  sourceUrl: 'https://example.com/gallery',
  warnings: [],
  limits: { total: 500, used: 2, remaining: 498, role: 'free', limitApplied: false, totalImagesFound: 2 },
  performanceInfo: { timeMs: 1_840, method: 'auto:browser' },
};

/** What refuses an extraction before anything is stored or queued. */
const ADMISSION_REFUSALS: RefusalTable[] = [
  {
    400: [
      ErrorCode.UrlRequired,
      ErrorCode.InvalidUrl,
      ErrorCode.UrlTooLong,
      ErrorCode.UnsupportedScheme,
      ErrorCode.CredentialsInUrl,
      ErrorCode.BlockedAddress,
      ErrorCode.BlockedPort,
    ],
    422: [ErrorCode.HostNotFound, ErrorCode.UpstreamFailed],
    429: [ErrorCode.DailyLimitReached, AuthErrorCode.TooManyRequests],
  },
  COMMON_REFUSALS.badBody,
  COMMON_REFUSALS.crossSite,
  COMMON_REFUSALS.authUnavailable,
];

const idParameter = z.object({
  id: z.uuid().meta({ description: 'The extraction id POST /api/extractions answered', example: EXTRACTION_ID }),
});

export const EXTRACTION_ROUTES: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/extractions',
    tags: ['Extractions'],
    summary: 'Start an extraction',
    description:
      'Checks the address (an `https://` is prepended unless it starts with `http://` or `https://`), admits the caller against their daily quota and queues the extraction. ' +
      'Progress follows on socket.io (`extraction:follow` with the id; `extraction:progress`, `extraction:completed`, `extraction:failed`), or by polling GET /api/extractions/{id}. ' +
      'At most 30 a minute per client address.',
    request: { body: jsonBody(extractionRequestSchema, REQUEST_EXAMPLE) },
    responses: {
      202: jsonAnswer('Queued: follow it by its id.', extractionAcceptedSchema, { extractionId: EXTRACTION_ID }),
      ...refusals(...ADMISSION_REFUSALS),
    },
  },
  {
    method: 'get',
    path: '/api/extractions/{id}',
    tags: ['Extractions'],
    summary: 'An extraction as it stands',
    description:
      'Its status and progress; once completed, the result limited to what the caller was granted. Safe to poll.',
    request: { params: idParameter },
    responses: {
      200: jsonAnswer('The extraction.', extractionViewSchema, {
        extractionId: EXTRACTION_ID,
        url: 'https://example.com/gallery',
        status: 'completed',
        result: RESULT_EXAMPLE,
      } satisfies ExtractionView),
      ...refusals({ 404: [ErrorCode.ExtractionNotFound] }),
    },
  },
  {
    method: 'post',
    path: '/api/extract-images',
    tags: ['Extractions'],
    summary: 'Extract and wait for the result',
    description:
      'The synchronous form of POST /api/extractions for API clients: answers the finished result, or 202 with the id when the extraction outlasts the wait (120 s by default). ' +
      'At most 30 a minute per client address.',
    request: { body: jsonBody(extractionRequestSchema, REQUEST_EXAMPLE) },
    responses: {
      200: jsonAnswer(
        'The images found, limited by the caller’s plan (`limits`).',
        extractionResponseSchema,
        RESULT_EXAMPLE,
      ),
      202: jsonAnswer('Still running: follow it with GET /api/extractions/{id}.', extractionStillRunningSchema, {
        extractionId: EXTRACTION_ID,
        status: 'running',
        message: `The extraction is still running; follow it with GET /api/extractions/${EXTRACTION_ID}.`,
      }),
      ...refusals(...ADMISSION_REFUSALS, { 502: [ErrorCode.ExtractionFailed] }),
    },
  },
];
