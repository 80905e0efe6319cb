import { z } from 'zod';
import { AuthErrorCode } from '../auth';
import { Comment, CommentErrorCode, CommentRequest, commentRequestSchema, commentSchema } from '../comments';
import { ErrorCode } from '../errors';
import { ApiRoute, COMMON_REFUSALS, jsonAnswer, jsonBody, refusals } from './api-route';

const PAGE = 'https://example.com/gallery';

const MEMBER_COMMENT: Comment = {
  id: 17,
  userId: 42,
  username: 'Ada',
  content: 'Found every image in the gallery, srcset ones too.',
  rating: 5,
  sourceUrl: PAGE,
  verified: true,
  byAdministrator: false,
  approved: true,
  createdAt: '2025-04-02T10:05:00.000Z',
};

const VISITOR_COMMENT: Comment = {
  id: 18,
  userId: null,
  username: 'Grace',
  content: 'The ZIP was ready in seconds.',
  rating: 4,
  sourceUrl: PAGE,
  verified: false,
  byAdministrator: false,
  approved: false,
  createdAt: '2025-04-02T11:20:00.000Z',
};

/** What refuses a page's address (the extraction URL's own checks, without fetching anything). */
const PAGE_ADDRESS_CODES = [
  ErrorCode.UrlRequired,
  ErrorCode.InvalidUrl,
  ErrorCode.UrlTooLong,
  ErrorCode.UnsupportedScheme,
  ErrorCode.CredentialsInUrl,
];

const idParameter = z.object({
  id: z.string().meta({ description: 'The comment’s id (a positive integer)', example: '18' }),
});

const MODERATION_NOTE = 'For administrators only (usernames in ADMIN_USERNAMES).';

export const COMMENTS_ROUTES: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/comments',
    tags: ['Comments'],
    summary: 'The comments on a page',
    description:
      'The page’s approved comments and the caller’s own comments that wait for moderation (`approved: false`), newest first, at most 200. ' +
      'The address is normalised as an extraction’s is. A first-time visitor gets their `pixtract.visitor` cookie here.',
    request: { query: z.object({ url: z.string().meta({ description: 'The page’s address', example: PAGE }) }) },
    responses: {
      200: jsonAnswer('The comments.', z.array(commentSchema), [VISITOR_COMMENT, MEMBER_COMMENT]),
      ...refusals({ 400: PAGE_ADDRESS_CODES }),
    },
  },
  {
    method: 'post',
    path: '/api/comments',
    tags: ['Comments'],
    summary: 'Comment on a page',
    description:
      'A member’s comment is shown at once, named by their account and `verified` when they extracted that page; a visitor names themselves (`username`) and their comment waits for an administrator, shown meanwhile to them only. ' +
      'Content is 1–2,000 characters, `rating` 1–5 (5 when left out). At most 10 per 10 minutes per client address.',
    request: {
      body: jsonBody(commentRequestSchema, {
        content: 'The ZIP was ready in seconds.',
        rating: 4,
        sourceUrl: PAGE,
        username: 'Grace',
      } satisfies CommentRequest),
    },
    responses: {
      201: jsonAnswer('The comment as stored.', commentSchema, VISITOR_COMMENT),
      ...refusals(
        {
          400: [...Object.values(CommentErrorCode), ...PAGE_ADDRESS_CODES, ErrorCode.MalformedBody],
          429: [AuthErrorCode.TooManyRequests],
        },
        // The session ended between identifying the caller and reading their account.
        COMMON_REFUSALS.signedOut,
        COMMON_REFUSALS.crossSite,
        COMMON_REFUSALS.authUnavailable,
      ),
    },
  },
  {
    method: 'get',
    path: '/api/admin/comments',
    tags: ['Comments'],
    summary: 'Comments waiting for moderation',
    description: `Oldest first, at most 200. ${MODERATION_NOTE}`,
    security: [{ session: [] }],
    responses: {
      200: jsonAnswer('The comments that wait.', z.array(commentSchema), [VISITOR_COMMENT]),
      ...refusals(COMMON_REFUSALS.adminOnly, COMMON_REFUSALS.authUnavailable),
    },
  },
  {
    method: 'post',
    path: '/api/admin/comments/{id}/approve',
    tags: ['Comments'],
    summary: 'Approve a comment',
    description: `Shows it to everyone; approving twice changes nothing. ${MODERATION_NOTE}`,
    security: [{ session: [] }],
    request: { params: idParameter },
    responses: {
      200: jsonAnswer('The comment, approved.', commentSchema, { ...VISITOR_COMMENT, approved: true }),
      ...refusals(
        { 404: [ErrorCode.NotFound] },
        COMMON_REFUSALS.adminOnly,
        COMMON_REFUSALS.crossSite,
        COMMON_REFUSALS.authUnavailable,
      ),
    },
  },
  {
    method: 'delete',
    path: '/api/admin/comments/{id}',
    tags: ['Comments'],
    summary: 'Delete a comment',
    description: MODERATION_NOTE,
    security: [{ session: [] }],
    request: { params: idParameter },
    responses: {
      204: { description: 'Deleted.' },
      ...refusals(
        { 404: [ErrorCode.NotFound] },
        COMMON_REFUSALS.adminOnly,
        COMMON_REFUSALS.crossSite,
        COMMON_REFUSALS.authUnavailable,
      ),
    },
  },
];
