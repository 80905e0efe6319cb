import { QueryFailedError } from 'typeorm';

/** Postgres said a unique constraint (or primary key) would be violated (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505';
}

/** The constraint or unique index a violation names (Postgres reports it with the error). */
export function violatedConstraint(error: unknown): string | undefined {
  return error instanceof QueryFailedError ? (error.driverError as { constraint?: string }).constraint : undefined;
}
