import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { apiErrorBody } from '../../app/api-error';
import { resources } from '../../i18n/i18n';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../ui/button.component';
import { Input } from '../../ui/input.component';
import { noticeShown } from '../notice/notice.slice';
import { useLoginMutation, useRegisterMutation } from './auth.api';
import { registrationProblem, type RegistrationProblem } from './registration-problem';

export type AuthMode = 'login' | 'register';

interface AuthFormProps {
  mode: AuthMode;
  /**
   * Signing in is the same in both: the username or the email address, and the password. Registering makes the
   * same kind of account in both — page: a username, an optional display name and email, as the seed's auth page;
   * modal: a name and an email, which is also the username, as the seed's modal.
   */
  variant: 'page' | 'modal';
  /** The login form starts with this name: the account just registered. */
  signInName?: string;
  /** Registering succeeded with this sign-in name: the login form comes next. */
  onRegistered: (username: string) => void;
  onLoggedIn: () => void;
}

type FieldName = 'displayName' | 'username' | 'email' | 'password';

/** What the form refuses, shown under it until the next try: its words and the fields it is about. */
interface FormError {
  title: ParseKeys;
  description: ParseKeys;
  fields: FieldName[];
}

/** What an input of a `Field` carries: its id, name, and the description and invalid state the form gives it. */
interface FieldControl {
  id: string;
  name: FieldName;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/**
 * A labelled input; `hint` (a rule the value must follow) shows under it from the start and describes it. A field
 * the form's error is about is marked invalid and described by that error too.
 */
function Field({
  label,
  name,
  hint,
  error,
  children,
}: {
  label: string;
  name: FieldName;
  hint?: string;
  /** The id of the form's error when it is about this field. */
  error: string | undefined;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const hintId = useId();
  const describedBy = [hint && hintId, error].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, name, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * Login or register. Registering leads to the login form with the new username filled in (the seed). A refusal shows
 * under the form (an alert) and marks the fields it is about; focus goes to the first of them, or to the error.
 */
export function AuthForm({ mode, variant, signInName = '', onRegistered, onLoggedIn }: AuthFormProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [login, loggingIn] = useLoginMutation();
  const [register, registering] = useRegisterMutation();
  const [fields, setFields] = useState({
    username: signInName,
    email: '',
    password: '',
    displayName: '',
    newsletter: false,
  });
  const [error, setError] = useState<FormError | null>(null);
  // Bumped on every refusal, so the same refusal twice still moves focus.
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const errorBox = useRef<HTMLParagraphElement>(null);
  const errorId = useId();
  const set = (change: Partial<typeof fields>) => setFields((before) => ({ ...before, ...change }));
  const modal = variant === 'modal';
  // Registering in the modal, the email is the username.
  const usernameField: FieldName = modal && mode === 'register' ? 'email' : 'username';
  const username = fields[usernameField].trim();
  const busy = loggingIn.isLoading || registering.isLoading;
  const errorFor = (name: FieldName) => (error?.fields.includes(name) ? errorId : undefined);

  useEffect(() => {
    if (refusals === 0) return;
    const [first] = error?.fields ?? [];
    const field = first && form.current?.elements.namedItem(first);
    if (field instanceof HTMLElement) field.focus();
    else errorBox.current?.focus();
  }, [refusals, error]);

  const refuse = (refusal: FormError) => {
    setError(refusal);
    setRefusals((count) => count + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = (
      [
        modal && mode === 'register' && !fields.displayName.trim() && 'displayName',
        !username && usernameField,
        !fields.password && 'password',
      ] as const
    ).filter((name): name is FieldName => Boolean(name));
    if (missing.length > 0) {
      refuse({
        title: 'auth.inputErrorTitle',
        description: modal ? 'auth.inputErrorModal' : 'auth.inputErrorText',
        fields: missing,
      });
      return;
    }
    if (mode === 'login') {
      try {
        await login({ username, password: fields.password }).unwrap();
        setError(null);
        dispatch(noticeShown({ title: 'auth.loginSuccess', tone: 'success' }));
        onLoggedIn();
      } catch (failed) {
        const description = failure(failed, 'INVALID_CREDENTIALS');
        // Wrong credentials are about both fields; any other refusal (too many tries) about neither.
        const about: FieldName[] = description === 'errors.INVALID_CREDENTIALS' ? ['username', 'password'] : [];
        refuse({ title: 'auth.loginFailed', description, fields: about });
      }
      return;
    }
    const email = modal ? username : fields.email.trim() || undefined;
    // A ticked box subscribes the email with the account (the gateway keeps the list).
    const registration = {
      username,
      password: fields.password,
      email,
      displayName: fields.displayName.trim() || undefined,
      subscribeNewsletter: fields.newsletter,
    };
    const problem = registrationProblem(registration);
    if (problem) {
      refuse({ title: 'auth.inputErrorTitle', description: problem, fields: [problemField(problem, usernameField)] });
      return;
    }
    try {
      await register(registration).unwrap();
      setError(null);
      dispatch(
        noticeShown({ title: 'auth.registerSuccess', description: 'auth.registerSuccessText', tone: 'success' }),
      );
      set({ password: '' });
      onRegistered(username);
    } catch (failed) {
      refuse({ title: 'auth.registerFailed', description: failure(failed, 'REGISTRATION_FAILED'), fields: [] });
    }
  };

  return (
    <form ref={form} onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {mode === 'register' && modal && (
        <Field label={t('auth.name')} name="displayName" error={errorFor('displayName')}>
          {(control) => (
            <Input
              {...control}
              autoComplete="name"
              required
              value={fields.displayName}
              onChange={(event) => set({ displayName: event.target.value })}
            />
          )}
        </Field>
      )}
      {mode === 'login' ? (
        <Field label={t('auth.usernameOrEmail')} name="username" error={errorFor('username')}>
          {(control) => (
            <Input
              {...control}
              autoComplete="username"
              required
              value={fields.username}
              onChange={(event) => set({ username: event.target.value })}
            />
          )}
        </Field>
      ) : modal ? (
        <Field label={t('auth.email')} name="email" error={errorFor('email')}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              required
              value={fields.email}
              onChange={(event) => set({ email: event.target.value })}
            />
          )}
        </Field>
      ) : (
        <Field label={t('auth.username')} name="username" error={errorFor('username')}>
          {(control) => (
            <Input
              {...control}
              autoComplete="username"
              required
              value={fields.username}
              onChange={(event) => set({ username: event.target.value })}
            />
          )}
        </Field>
      )}
      {mode === 'register' && !modal && (
        <>
          <Field label={t('auth.displayNameOptional')} name="displayName" error={errorFor('displayName')}>
            {(control) => (
              <Input
                {...control}
                autoComplete="nickname"
                value={fields.displayName}
                onChange={(event) => set({ displayName: event.target.value })}
              />
            )}
          </Field>
          <Field label={t('auth.emailOptional')} name="email" error={errorFor('email')}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                value={fields.email}
                onChange={(event) => set({ email: event.target.value })}
              />
            )}
          </Field>
        </>
      )}
      <Field
        label={t('auth.password')}
        name="password"
        hint={mode === 'register' ? t('auth.passwordRule') : undefined}
        error={errorFor('password')}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            // Just registered: the name is filled in, the password is what is left to type.
            autoFocus={signInName !== ''}
            required
            value={fields.password}
            onChange={(event) => set({ password: event.target.value })}
          />
        )}
      </Field>
      {mode === 'register' && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={fields.newsletter}
            onChange={(event) => set({ newsletter: event.target.checked })}
            className="size-4 accent-blue-600"
          />
          {t('auth.newsletter')}
        </label>
      )}
      {error && (
        <p
          ref={errorBox}
          id={errorId}
          role="alert"
          tabIndex={-1}
          className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 focus:outline-none dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
        >
          <strong className="block font-semibold">{t(error.title)}</strong> <span>{t(error.description)}</span>
        </p>
      )}
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? t('hero.processing') : mode === 'login' ? t('auth.loginButton') : t('auth.registerButton')}
      </Button>
    </form>
  );
}

/** The field a registration rule is about (the username is the email field in the modal). */
function problemField(problem: RegistrationProblem, usernameField: FieldName): FieldName {
  switch (problem) {
    case 'auth.invalid.password':
      return 'password';
    case 'auth.invalid.email':
      return 'email';
    case 'auth.invalid.displayName':
      return 'displayName';
    default:
      return usernameField;
  }
}

const CATALOGUE: Record<string, string> = resources.en.translation.errors;

/** The server's refusal in the visitor's language by its catalogue code, else the seed's default (never English). */
function failure(error: unknown, fallback: 'INVALID_CREDENTIALS' | 'REGISTRATION_FAILED') {
  const code = apiErrorBody(error)?.code;
  const key = code && code in CATALOGUE ? (code as keyof typeof resources.en.translation.errors) : fallback;
  return `errors.${key}` as const;
}
