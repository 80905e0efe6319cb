import { baseEnvShape, envDatabaseUrl, envPort } from '@pixtract/service-kit';
import { z } from 'zod';

export const billingConfigSchema = z.object({
  ...baseEnvShape,
  PORT: envPort(3004),
  DATABASE_URL: envDatabaseUrl('pixtract_billing'),
});

export type BillingConfig = z.infer<typeof billingConfigSchema>;
export const BILLING_CONFIG = Symbol('BILLING_CONFIG');
