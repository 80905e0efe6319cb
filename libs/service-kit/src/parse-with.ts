import { ErrorCode } from '@pixtract/contracts';
import { z } from 'zod';
import { AppException } from './app.exception';

/** Validates a request part against a contracts schema; a mismatch is a 400 naming each field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'body';
    const missing = issue.code === 'invalid_type' && valueAt(value, issue.path) === undefined;
    fields[key] ??= missing ? `${key} is required` : issue.message;
  }
  const message = Object.values(fields).join('; ');
  throw new AppException(ErrorCode.ValidationFailed, 400, { message, fields });
}

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined,
    value,
  );
}
