import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorBody } from '../../app/api-error';
import { resources } from '../../i18n/i18n';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../ui/button.component';
import { Input } from '../../ui/input.component';
import { noticeShown } from '../notice/notice.slice';
import { useLoginMutation, useRegisterMutation } from './auth.api';
import { registrationProblem } from './registration-problem';

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

/** A labelled input; `hint` (a rule the value must follow) shows under it from the start and describes it. */
function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string, hintId: string | undefined) => ReactNode;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children(id, hint ? hintId : undefined)}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Login or register. Registering leads to the login form with the new username filled in (the seed). */
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
  const set = (change: Partial<typeof fields>) => setFields((before) => ({ ...before, ...change }));
  const modal = variant === 'modal';
  // Registering in the modal, the email is the username.
  const username = modal && mode === 'register' ? fields.email.trim() : fields.username.trim();
  const busy = loggingIn.isLoading || registering.isLoading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username || !fields.password || (modal && mode === 'register' && !fields.displayName.trim())) {
      dispatch(
        noticeShown({
          title: 'auth.inputErrorTitle',
          description: modal ? 'auth.inputErrorModal' : 'auth.inputErrorText',
          tone: 'error',
        }),
      );
      return;
    }
    if (mode === 'login') {
      try {
        await login({ username, password: fields.password }).unwrap();
        dispatch(noticeShown({ title: 'auth.loginSuccess', tone: 'success' }));
        onLoggedIn();
      } catch (error) {
        dispatch(noticeShown({ title: 'auth.loginFailed', ...failure(error, 'INVALID_CREDENTIALS') }));
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
      dispatch(noticeShown({ title: 'auth.inputErrorTitle', description: problem, tone: 'error' }));
      return;
    }
    try {
      await register(registration).unwrap();
      dispatch(
        noticeShown({ title: 'auth.registerSuccess', description: 'auth.registerSuccessText', tone: 'success' }),
      );
      set({ password: '' });
      onRegistered(username);
    } catch (error) {
      dispatch(noticeShown({ title: 'auth.registerFailed', ...failure(error, 'REGISTRATION_FAILED') }));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {mode === 'register' && modal && (
        <Field label={t('auth.name')}>
          {(id) => (
            <Input
              id={id}
              autoComplete="name"
              required
              value={fields.displayName}
              onChange={(event) => set({ displayName: event.target.value })}
            />
          )}
        </Field>
      )}
      {mode === 'login' ? (
        <Field label={t('auth.usernameOrEmail')}>
          {(id) => (
            <Input
              id={id}
              autoComplete="username"
              required
              value={fields.username}
              onChange={(event) => set({ username: event.target.value })}
            />
          )}
        </Field>
      ) : modal ? (
        <Field label={t('auth.email')}>
          {(id) => (
            <Input
              id={id}
              type="email"
              autoComplete="email"
              required
              value={fields.email}
              onChange={(event) => set({ email: event.target.value })}
            />
          )}
        </Field>
      ) : (
        <Field label={t('auth.username')}>
          {(id) => (
            <Input
              id={id}
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
          <Field label={t('auth.displayNameOptional')}>
            {(id) => (
              <Input
                id={id}
                autoComplete="nickname"
                value={fields.displayName}
                onChange={(event) => set({ displayName: event.target.value })}
              />
            )}
          </Field>
          <Field label={t('auth.emailOptional')}>
            {(id) => (
              <Input
                id={id}
                type="email"
                autoComplete="email"
                value={fields.email}
                onChange={(event) => set({ email: event.target.value })}
              />
            )}
          </Field>
        </>
      )}
      <Field label={t('auth.password')} hint={mode === 'register' ? t('auth.passwordRule') : undefined}>
        {(id, hintId) => (
          <Input
            id={id}
            type="password"
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            // Just registered: the name is filled in, the password is what is left to type.
            autoFocus={signInName !== ''}
            aria-describedby={hintId}
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
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? t('hero.processing') : mode === 'login' ? t('auth.loginButton') : t('auth.registerButton')}
      </Button>
    </form>
  );
}

const CATALOGUE: Record<string, string> = resources.en.translation.errors;

/** The server's refusal in the visitor's language by its catalogue code, else the seed's default (never English). */
function failure(error: unknown, fallback: 'INVALID_CREDENTIALS' | 'REGISTRATION_FAILED') {
  const code = apiErrorBody(error)?.code;
  const key = code && code in CATALOGUE ? (code as keyof typeof resources.en.translation.errors) : fallback;
  return { description: `errors.${key}` as const, tone: 'error' as const };
}
