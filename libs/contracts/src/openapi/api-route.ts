import type { ResponseConfig, RouteConfig, ZodRequestBody } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { AUTH_ERROR_MESSAGES, AuthErrorCode } from '../auth';
import { BILLING_ERROR_MESSAGES, BillingErrorCode } from '../billing';
import { COMMENT_ERROR_MESSAGES, CommentErrorCode } from '../comments';
import { ERROR_MESSAGES, ErrorBody, ErrorCode, errorBodySchema } from '../errors';
import { dailyLimitRefusalSchema } from '../extraction';

/** One route of the public API as the OpenAPI document shows it: zod schemas for bodies, examples, refusals. */
export type ApiRoute = RouteConfig;

/** Every code a client can be refused with, from any of the catalogues. */
export type RefusalCode = ErrorCode | AuthErrorCode | CommentErrorCode | BillingErrorCode;

const MESSAGES: Record<RefusalCode, string> = {
  ...ERROR_MESSAGES,
  ...AUTH_ERROR_MESSAGES,
  ...COMMENT_ERROR_MESSAGES,
  ...BILLING_ERROR_MESSAGES,
};

export const JSON_TYPE = 'application/json';

/** A JSON request body with an example. */
export function jsonBody(schema: z.ZodType, example: unknown, description?: string): ZodRequestBody {
  return { required: true, description, content: { [JSON_TYPE]: { schema, example } } };
}

/** A JSON answer with an example. */
export function jsonAnswer(description: string, schema: z.ZodType, example: unknown): ResponseConfig {
  return { description, content: { [JSON_TYPE]: { schema, example } } };
}

/** A binary answer (an image, a ZIP). */
export function fileAnswer(description: string, mediaTypes: string[]): ResponseConfig {
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  };
}

/** A text answer (a sitemap, robots.txt) with an example. */
export function textAnswer(description: string, mediaType: string, example: string): ResponseConfig {
  return { description, content: { [mediaType]: { schema: { type: 'string' }, example } } };
}

/** Refusals whose body carries more than the ErrorBody, and what their example shows of it. */
const DETAILS: Partial<Record<RefusalCode, { schema?: z.ZodType; extra: Record<string, unknown> }>> = {
  [ErrorCode.DailyLimitReached]: {
    schema: dailyLimitRefusalSchema,
    extra: { limits: { total: 500, used: 500, remaining: 0, role: 'free' } },
  },
  [ErrorCode.ValidationFailed]: { extra: { fields: { url: 'url must be a string' } } },
};

/** The ErrorBody a refusal carries, with the catalogue's words for its code. */
function refusalBody(statusCode: number, code: RefusalCode): ErrorBody {
  return { statusCode, code, message: MESSAGES[code], ...DETAILS[code]?.extra };
}

export type RefusalTable = Partial<Record<number, RefusalCode[]>>;

/**
 * The refusals a route can answer, from one or more tables (status → codes; a status several tables list gets
 * all their codes): each status lists its codes and shows one example per code, so a client reading the document
 * sees every `code` it has to handle and the words that come with it.
 */
export function refusals(...tables: RefusalTable[]): Record<string, ResponseConfig> {
  const byStatus: RefusalTable = {};
  for (const table of tables)
    for (const [status, codes] of Object.entries(table))
      byStatus[Number(status)] = [...new Set([...(byStatus[Number(status)] ?? []), ...codes!])];
  return Object.fromEntries(
    Object.entries(byStatus).map(([status, codes]) => [
      status,
      {
        description: `${Number(status) < 500 ? 'Refused' : 'Failed'}: ${codes!.map((code) => `\`${code}\``).join(', ')}.`,
        content: {
          [JSON_TYPE]: {
            schema: bodySchemaOf(codes!),
            examples: Object.fromEntries(
              codes!.map((code) => [code, { summary: MESSAGES[code], value: refusalBody(Number(status), code) }]),
            ),
          },
        },
      },
    ]),
  );
}

/** The ErrorBody, or the choice of bodies when a status's codes carry different ones. */
function bodySchemaOf(codes: RefusalCode[]): z.ZodType {
  const schemas = [...new Set(codes.map((code) => DETAILS[code]?.schema ?? errorBodySchema))];
  return schemas.length === 1 ? schemas[0] : z.union(schemas);
}

/** Refusals several routes share. */
export const COMMON_REFUSALS = {
  /** A cookie-carrying POST from another site (CSRF defence at the public origin). */
  crossSite: { 403: [AuthErrorCode.CrossSiteRequest] },
  /** The auth service, asked who is calling, did not answer. */
  authUnavailable: { 503: [AuthErrorCode.AuthUnavailable] },
  /** A body that is no JSON, or JSON of the wrong shape (the `fields` name what is wrong). */
  badBody: { 400: [ErrorCode.MalformedBody, ErrorCode.ValidationFailed] },
  signedOut: { 401: [AuthErrorCode.AuthenticationRequired] },
  /** An administrator's route: signed out, or signed in as anyone but an administrator. */
  adminOnly: { 401: [AuthErrorCode.AuthenticationRequired], 403: [AuthErrorCode.AdminOnly] },
  /** The billing service, to which the gateway forwards the route, did not answer (or cannot reach PayPal). */
  billingUnavailable: { 503: [BillingErrorCode.BillingUnavailable] },
} satisfies Record<string, RefusalTable>;
