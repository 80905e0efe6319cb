import { z } from 'zod';

export const roleSchema = z.enum(['free', 'registered', 'premium', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export interface PlanQuota {
  /** Images a day; resets at midnight UTC, no rollover. */
  daily: number;
  /** Images granted from one extraction. */
  perExtraction: number;
}

/**
 * The seed's quota rules as data. free = anonymous visitor. Operators override each number with
 * PIXTRACT_QUOTA_<ROLE>_DAILY / PIXTRACT_QUOTA_<ROLE>_PER_EXTRACTION (see docs/decisions/accounts.md).
 */
export const DEFAULT_PLAN_QUOTAS: Record<Role, PlanQuota> = {
  free: { daily: 500, perExtraction: 25 },
  registered: { daily: 1500, perExtraction: 100 },
  premium: { daily: 3000, perExtraction: 500 },
  admin: { daily: 1_000_000, perExtraction: 10_000 },
};

/** Remaining at or below this share of the daily total counts as "near the limit". */
export const NEAR_LIMIT_SHARE = 0.1;

export const limitsSchema = z.object({
  total: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  role: roleSchema,
  limitApplied: z.boolean().optional(),
  totalImagesFound: z.number().int().nonnegative().optional(),
});
export type Limits = z.infer<typeof limitsSchema>;

const QUOTA_ROLES = ['free', 'registered', 'premium'] as const;

/** The operators' overrides, one environment variable per role and number (PIXTRACT_QUOTA_FREE_DAILY …). */
const PLAN_QUOTA_OVERRIDES = QUOTA_ROLES.flatMap((role) =>
  (
    [
      ['DAILY', 'daily'],
      ['PER_EXTRACTION', 'perExtraction'],
    ] as const
  ).map(([suffix, key]) => ({ name: `PIXTRACT_QUOTA_${role.toUpperCase()}_${suffix}`, role, key })),
);
export const PLAN_QUOTA_VARIABLES = PLAN_QUOTA_OVERRIDES.map((override) => override.name);

/**
 * The plan quotas with operators' overrides applied: PIXTRACT_QUOTA_<ROLE>_DAILY and
 * PIXTRACT_QUOTA_<ROLE>_PER_EXTRACTION (ROLE = FREE, REGISTERED, PREMIUM). A value that is not a
 * non-negative integer is a configuration error, reported with the variable's name.
 */
export function planQuotasFromEnv(env: Record<string, string | undefined>): Record<Role, PlanQuota> {
  const quotas = structuredClone(DEFAULT_PLAN_QUOTAS);
  for (const { name, role, key } of PLAN_QUOTA_OVERRIDES) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number of images (got "${raw}")`);
    quotas[role][key] = Number(raw);
  }
  return quotas;
}
