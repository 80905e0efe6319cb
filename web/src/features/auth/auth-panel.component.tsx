import { Tabs } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, serverPaths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { buttonStyles } from '../../ui/button.component';
import { tabListStyles, tabStyles } from '../../ui/tabs.styles';
import { TestModeNote } from '../../ui/test-mode-note.component';
import { AuthForm, type AuthMode } from './auth-form.component';
import { useAuthStatus } from './auth.api';

interface AuthPanelProps {
  mode: AuthMode;
  variant: 'page' | 'modal';
  onModeChange: (mode: AuthMode) => void;
  onLoggedIn: () => void;
}

/**
 * Login and register tabs, the Google button (where Google sign-in is configured; "Test sign-in" beside it when it
 * goes to the local simulator), and the terms and privacy links: shared by the page and the modal.
 */
export function AuthPanel({ mode, variant, onModeChange, onLoggedIn }: AuthPanelProps) {
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  const status = useAuthStatus().data;
  const googleSignIn = status?.googleSignIn === true;
  const testSignIn = googleSignIn && status?.googleTestSignIn === true;
  const testSignInNote = useId();
  const [signInName, setSignInName] = useState('');

  return (
    <Tabs.Root value={mode} onValueChange={(value) => onModeChange(value as AuthMode)}>
      <Tabs.List aria-label={t('auth.tabsLabel')} className={tabListStyles(true)}>
        <Tabs.Trigger value="login" className={tabStyles(true)}>
          {t('auth.loginTab')}
        </Tabs.Trigger>
        <Tabs.Trigger value="register" className={tabStyles(true)}>
          {t('auth.registerTab')}
        </Tabs.Trigger>
      </Tabs.List>
      {(['login', 'register'] as const).map((tab) => (
        <Tabs.Content key={tab} value={tab} className="mt-6">
          <AuthForm
            mode={tab}
            variant={variant}
            signInName={tab === 'login' ? signInName : undefined}
            onRegistered={(username) => {
              setSignInName(username);
              onModeChange('login');
            }}
            onLoggedIn={onLoggedIn}
          />
        </Tabs.Content>
      ))}
      {googleSignIn && (
        <>
          <div className="my-5 flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400">
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
            {t('auth.or')}
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          </div>
          <a
            href={serverPaths.googleSignIn}
            className={buttonStyles('secondary', 'lg', 'w-full')}
            aria-describedby={testSignIn ? testSignInNote : undefined}
          >
            <svg aria-hidden viewBox="0 0 24 24" className="size-5">
              <path
                fill="#4285F4"
                d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z"
              />
              <path
                fill="#34A853"
                d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.7-4.9H1.3v3.1A12 12 0 0 0 12 24Z"
              />
              <path fill="#FBBC05" d="M5.3 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.9l4-3.1Z" />
              <path
                fill="#EA4335"
                d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8Z"
              />
            </svg>
            {t('auth.google')}
          </a>
          {testSignIn && (
            <div className="mt-2 flex justify-center">
              <TestModeNote
                id={testSignInNote}
                label={t('auth.testSignIn')}
                hint={t('auth.testSignInHint')}
                testId="test-sign-in"
              />
            </div>
          )}
        </>
      )}
      <p className="mt-5 text-center text-xs text-slate-600 dark:text-slate-400">
        {t('auth.agree')}{' '}
        <Link to={localised(paths.terms)} className="underline">
          {t('footer.terms')}
        </Link>{' '}
        {t('auth.and')}{' '}
        <Link to={localised(paths.privacy)} className="underline">
          {t('footer.privacy')}
        </Link>
      </p>
    </Tabs.Root>
  );
}
