import { registerRequestSchema, type RegisterRequest } from '@pixtract/contracts';

/** What is wrong with a registration, as the translation key of the rule it breaks. */
export type RegistrationProblem =
  | 'auth.invalid.usernameLength'
  | 'auth.invalid.usernameAt'
  | 'auth.invalid.usernameCharacters'
  | 'auth.invalid.password'
  | 'auth.invalid.email'
  | 'auth.invalid.displayName';

/**
 * The contract's own check of a registration, run before it is sent, so each refusal is worded in the visitor's
 * language instead of the server's English. Undefined when the server would accept it.
 */
export function registrationProblem(request: RegisterRequest): RegistrationProblem | undefined {
  const parsed = registerRequestSchema.safeParse(request);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  switch (issue.path[0]) {
    case 'password':
      return 'auth.invalid.password';
    case 'email':
      return 'auth.invalid.email';
    case 'displayName':
      return 'auth.invalid.displayName';
    default:
      if (issue.code === 'too_small' || issue.code === 'too_big') return 'auth.invalid.usernameLength';
      return request.username.includes('@') ? 'auth.invalid.usernameAt' : 'auth.invalid.usernameCharacters';
  }
}
