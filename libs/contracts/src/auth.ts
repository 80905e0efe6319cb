import { z } from 'zod';
import { NAME_RESERVED_MESSAGE } from './name-skeleton';
import type { ErrorBody } from './errors';
import { hasInvisibleOrControl, normaliseName, withoutInvisibleOrControl } from './text';
import { crawlPlanSchema } from './crawl';
import { limitsSchema, NEAR_LIMIT_SHARE, roleSchema } from './plans';

/** Refusals of the account endpoints: a stable code and the catalogue's words for it. */
export const AuthErrorCode = {
  InvalidCredentials: 'INVALID_CREDENTIALS',
  UsernameTaken: 'USERNAME_TAKEN',
  EmailTaken: 'EMAIL_TAKEN',
  RegistrationFailed: 'REGISTRATION_FAILED',
  AuthenticationRequired: 'AUTHENTICATION_REQUIRED',
  CrossSiteRequest: 'CROSS_SITE_REQUEST',
  TooManyRequests: 'TOO_MANY_REQUESTS',
  GoogleSignInFailed: 'GOOGLE_SIGN_IN_FAILED',
  GoogleSignInUnavailable: 'GOOGLE_SIGN_IN_UNAVAILABLE',
  AuthUnavailable: 'AUTH_UNAVAILABLE',
  AdminOnly: 'ADMIN_ONLY',
  NameReserved: 'NAME_RESERVED',
} as const;
export type AuthErrorCode = (typeof AuthErrorCode)[keyof typeof AuthErrorCode];

export const AUTH_ERROR_MESSAGES: Record<AuthErrorCode, string> = {
  INVALID_CREDENTIALS: 'Username or password incorrect',
  USERNAME_TAKEN: 'That username is already taken. Please choose another one.',
  EMAIL_TAKEN: 'An account with that email address already exists. Sign in instead, or use another address.',
  REGISTRATION_FAILED: 'An error occurred during registration',
  AUTHENTICATION_REQUIRED: 'Please log in or create an account.',
  CROSS_SITE_REQUEST: 'This request must come from the Pixtract site itself.',
  TOO_MANY_REQUESTS: 'Too many attempts. Please wait a moment and try again.',
  GOOGLE_SIGN_IN_FAILED: 'Google sign-in failed. Please try again.',
  GOOGLE_SIGN_IN_UNAVAILABLE: 'Google sign-in is not available here. Sign in with your username or email instead.',
  AUTH_UNAVAILABLE: 'An error occurred. Please try again later.',
  ADMIN_ONLY: 'Only administrators can open this page.',
  NAME_RESERVED: NAME_RESERVED_MESSAGE,
};

export function authErrorBody(code: AuthErrorCode, statusCode: number): ErrorBody {
  return { statusCode, code, message: AUTH_ERROR_MESSAGES[code] };
}

/** OWASP's floor for a password is 8 characters; the ceiling bounds the hashing work. */
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

/**
 * The key two usernames collide on: the stored form without invisible characters, case-folded (upper then lower
 * case, so ß and SS meet as ss) and normalised again. One account per key.
 */
export const usernameKey = (name: string): string =>
  normaliseName(withoutInvisibleOrControl(normaliseName(name)))
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC');

/** The key two email addresses collide on: trimmed and lower-cased. One account per address. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

const emailSchema = z
  .email({ error: 'email must be a valid email address' })
  .max(254, 'email must be at most 254 characters')
  .refine((email) => !hasInvisibleOrControl(email), 'email must be a valid email address');

export const registerRequestSchema = z
  .object({
    username: z
      .string({ error: 'username must be a string' })
      .transform(normaliseName)
      .pipe(
        z
          .string()
          .min(3, 'username must be at least 3 characters')
          .max(254, 'username must be at most 254 characters')
          .refine((name) => !hasInvisibleOrControl(name), 'username must not contain control or invisible characters'),
      ),
    password: z
      .string({ error: 'password must be a string' })
      .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`)
      .refine((password) => !password.includes('\0'), 'password must not contain NUL characters'),
    email: z
      .string({ error: 'email must be a valid email address' })
      .trim()
      .pipe(emailSchema)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    displayName: z
      .string({ error: 'displayName must be a string' })
      .transform(normaliseName)
      .pipe(
        z
          .string()
          .max(100, 'displayName must be at most 100 characters')
          .refine(
            (name) => !hasInvisibleOrControl(name),
            'displayName must not contain control or invisible characters',
          ),
      )
      .optional(),
    subscribeNewsletter: z.boolean({ error: 'subscribeNewsletter must be true or false' }).optional(),
  })
  // A username that looks like an address must be the account's own: nobody may take someone else's email as a name.
  .refine(
    (request) =>
      !request.username.includes('@') ||
      (request.email !== undefined && usernameKey(request.username) === emailKey(request.email)),
    {
      path: ['username'],
      message: 'username may contain @ only when it is your email address',
    },
  );
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** `username` is the seed's field name; it takes the username or the email address of the account. */
export const loginRequestSchema = z.object({
  username: z
    .string({ error: 'username must be a string' })
    .min(1, 'username is required')
    .max(254, 'username must be at most 254 characters')
    .refine((name) => !name.includes('\0'), 'username must not contain NUL characters'),
  password: z
    .string({ error: 'password must be a string' })
    .min(1, 'password is required')
    .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .refine((password) => !password.includes('\0'), 'password must not contain NUL characters'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const usageStatsSchema = z.object({
  remainingToday: z.number().int().nonnegative(),
  /** Share of today's quota used, 0-100. */
  percentUsed: z.number().min(0).max(100),
  isAtLimit: z.boolean(),
  /** At most NEAR_LIMIT_SHARE of the day's quota is left. */
  isNearLimit: z.boolean(),
});
export type UsageStats = z.infer<typeof usageStatsSchema>;

/**
 * The usage block for `used` of `total` images: one rule for every screen (the header's panel, the dashboard, the
 * quarters). The share is rounded to a tenth of a percent, so 8 of 3,000 reads 0.3% rather than 0%; capped at 100.
 */
export function usageStats(total: number, used: number): UsageStats {
  const remainingToday = Math.max(total - used, 0);
  return {
    remainingToday,
    percentUsed: total === 0 ? 100 : Math.min(100, Math.round((used / total) * 1000) / 10),
    isAtLimit: remainingToday === 0,
    isNearLimit: remainingToday <= total * NEAR_LIMIT_SHARE,
  };
}

export const authUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  role: roleSchema,
  dailyLimit: z.number().int(),
  usedToday: z.number().int(),
  maxImagesPerExtraction: z.number().int(),
  membershipPlan: z.string(),
  membershipStatus: z.string(),
  featureTier: z.string(),
  subscriptionExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  usageStats: usageStatsSchema,
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authStatusSchema = z.object({
  isAuthenticated: z.boolean(),
  user: authUserSchema.nullable(),
  /** Whether "Continue with Google" is offered: only where a Google client is configured. */
  googleSignIn: z.boolean(),
  /** Whether that sign-in goes to a test provider (the local Google sign-in simulator): the web says "Test sign-in". */
  googleTestSignIn: z.boolean(),
});
export type AuthStatus = z.infer<typeof authStatusSchema>;

/** 200 answer of POST /api/auth/logout (signed in or not). */
export const loggedOutSchema = z.object({ success: z.literal(true) });
export type LoggedOut = z.infer<typeof loggedOutSchema>;

// ---- Internal API (gateway → auth, never public) ----
// The gateway forwards the browser's Cookie header and sets X-Forwarded-For to the client address it
// determined; a first-time visitor gets a signed visitor cookie in the answer's Set-Cookie.

/**
 * A quota subject: `user:<id>`, `visitor:<id>` (signed visitor cookie) or `ip:<address>` (an IPv4 address, or an
 * IPv6 /64: one household's or phone's whole network).
 */
const quotaSubjectSchema = z.string().regex(/^(user|visitor|ip):[\w.:/-]{1,80}$/);

export const callerSchema = z.object({
  /** Whom an extraction belongs to and is charged to: the signed-in user, else this browser's visitor. */
  subject: quotaSubjectSchema,
  userId: z.number().int().nullable(),
  /**
   * For a visitor, the address they call from: its allowance is shared by every visitor behind it and charged
   * together with theirs (the smaller remainder wins), so dropping the visitor cookie is no fresh start. Null
   * for a signed-in user.
   */
  addressSubject: quotaSubjectSchema.nullable(),
  /** This browser's visitor, also once signed in: what it extracted before signing in stays its own. */
  visitorSubject: quotaSubjectSchema.nullable(),
  limits: limitsSchema,
  /** The plan's cap on the images one extraction can show. */
  perExtraction: z.number().int().nonnegative(),
  /** The plan that sets the caller's pages per crawl (CRAWL_PAGE_LIMITS); absent: their role's (premium: hobby). */
  crawlPlan: crawlPlanSchema.optional(),
});
export type Caller = z.infer<typeof callerSchema>;

export const quotaReservationRequestSchema = z.object({
  extractionId: z.uuid(),
  subject: quotaSubjectSchema,
  /** Charged together with `subject` (a visitor's address); absent or null for a signed-in user. */
  addressSubject: quotaSubjectSchema.nullable().optional(),
  /** Distinct images the extraction found. */
  found: z.number().int().nonnegative(),
});
export type QuotaReservationRequest = z.infer<typeof quotaReservationRequestSchema>;

export const quotaReservationSchema = z.object({ granted: z.number().int().nonnegative(), limits: limitsSchema });
export type QuotaReservation = z.infer<typeof quotaReservationSchema>;

export const AUTH_INTERNAL_PATHS = {
  callers: '/internal/callers',
  reservations: '/internal/quota/reservations',
} as const;
