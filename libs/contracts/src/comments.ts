import { z } from 'zod';
import { ERROR_MESSAGES, ErrorCode, type ErrorBody } from './errors';
import { normaliseExtractionUrl } from './extraction-url';
import { NAME_RESERVED_MESSAGE, impersonatesStaff } from './name-skeleton';
import { hasInvisibleOrControl, normaliseName, withoutInvisibleOrControl } from './text';

export const COMMENT_MAX_LENGTH = 2000;
export const COMMENT_AUTHOR_MAX_LENGTH = 50;
export const DEFAULT_COMMENT_RATING = 5;

/** Refusals of a comment: a stable code and the catalogue's words (the seed's where it has them). */
export const CommentErrorCode = {
  CommentRequired: 'COMMENT_REQUIRED',
  CommentTooLong: 'COMMENT_TOO_LONG',
  UsernameRequired: 'USERNAME_REQUIRED',
  UsernameTooLong: 'USERNAME_TOO_LONG',
  UsernameInvisible: 'USERNAME_INVISIBLE',
  NameReserved: 'NAME_RESERVED',
  InvalidRating: 'INVALID_RATING',
} as const;
export type CommentErrorCode = (typeof CommentErrorCode)[keyof typeof CommentErrorCode];

export const COMMENT_ERROR_MESSAGES: Record<CommentErrorCode, string> = {
  COMMENT_REQUIRED: 'Please enter a comment',
  COMMENT_TOO_LONG: 'Comments are at most 2,000 characters.',
  USERNAME_REQUIRED: 'Please enter a username',
  USERNAME_TOO_LONG: 'Names are at most 50 characters.',
  USERNAME_INVISIBLE: 'Names cannot contain invisible, control or text-direction characters.',
  NAME_RESERVED: NAME_RESERVED_MESSAGE,
  INVALID_RATING: 'Please give a rating from 1 to 5 stars.',
};

/** A comment refusal, or a refusal of its page address (the extraction URL's own codes). */
export type CommentRefusal = CommentErrorCode | ErrorCode;

export function commentErrorBody(code: CommentRefusal, statusCode: number): ErrorBody {
  const message =
    code in COMMENT_ERROR_MESSAGES
      ? COMMENT_ERROR_MESSAGES[code as CommentErrorCode]
      : ERROR_MESSAGES[code as ErrorCode];
  return { statusCode, code, message };
}

/** Postgres text cannot hold NUL; nothing a person types needs it. */
const withoutNul = (text: string) => text.replace(/\0/g, '');

/** Each message is the refusal's code: `parseCommentRequest` answers it, client and server alike. */
export const commentRequestSchema = z.object({
  content: z
    .string({ error: CommentErrorCode.CommentRequired })
    .transform(withoutNul)
    .pipe(
      z
        .string()
        .trim()
        .min(1, CommentErrorCode.CommentRequired)
        .max(COMMENT_MAX_LENGTH, CommentErrorCode.CommentTooLong)
        // Zero-width spaces and their kin alone are no comment.
        .refine((content) => withoutInvisibleOrControl(content).trim() !== '', CommentErrorCode.CommentRequired),
    ),
  rating: z
    .number({ error: CommentErrorCode.InvalidRating })
    .int(CommentErrorCode.InvalidRating)
    .min(1, CommentErrorCode.InvalidRating)
    .max(5, CommentErrorCode.InvalidRating)
    .default(DEFAULT_COMMENT_RATING),
  sourceUrl: z.string({ error: ErrorCode.UrlRequired }),
  username: z
    .string({ error: CommentErrorCode.UsernameRequired })
    .transform(withoutNul)
    .pipe(
      z
        .string()
        .refine((name) => !hasInvisibleOrControl(name), CommentErrorCode.UsernameInvisible)
        .transform(normaliseName)
        .pipe(z.string().max(COMMENT_AUTHOR_MAX_LENGTH, CommentErrorCode.UsernameTooLong)),
    )
    .optional(),
});
/** POST /api/comments {content, rating?, sourceUrl, username?}. */
export type CommentRequest = z.input<typeof commentRequestSchema>;

export interface NewComment {
  content: string;
  rating: number;
  /** The page's address, normalised as an extraction's is (so `verified` can match the member's extractions). */
  sourceUrl: string;
  /** The visitor's name; null for a member, who is named by their account. */
  username: string | null;
}

/**
 * Validates a comment as the server will: content 1–2,000 characters after trimming, rating 1–5 (default 5), the
 * page's address, and — from an anonymous visitor only — a name.
 */
export function parseCommentRequest(
  body: unknown,
  { anonymous, adminUsernames = [] }: { anonymous: boolean; adminUsernames?: readonly string[] },
): { ok: true; comment: NewComment } | { ok: false; code: CommentRefusal } {
  const parsed = commentRequestSchema.safeParse(body ?? {});
  if (!parsed.success) return { ok: false, code: parsed.error.issues[0].message as CommentRefusal };
  const { content, rating, sourceUrl, username } = parsed.data;
  const url = normaliseExtractionUrl(sourceUrl);
  if (!url.ok) return { ok: false, code: url.code };
  if (anonymous && !username) return { ok: false, code: CommentErrorCode.UsernameRequired };
  // A visitor's name must not read as Pixtract's team: only an administrator's own comment carries that badge.
  if (anonymous && impersonatesStaff(username!, adminUsernames))
    return { ok: false, code: CommentErrorCode.NameReserved };
  return { ok: true, comment: { content, rating, sourceUrl: url.url, username: anonymous ? username! : null } };
}

/** A comment as the API answers it: the seed's fields. `approved: false` marks one held for moderation. */
export const commentSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string(),
  content: z.string(),
  rating: z.number().int().min(1).max(5),
  sourceUrl: z.string(),
  /** Posted by a member who extracted that page. */
  verified: z.boolean(),
  /** Posted by an administrator (auth's role when it was posted): the "Administrator" badge. */
  byAdministrator: z.boolean(),
  approved: z.boolean(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;
