import { AuthErrorCode } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthPanel } from '../../features/auth/auth-panel.component';
import { useAuthStatus } from '../../features/auth/auth.api';
import type { AuthMode } from '../../features/auth/auth-form.component';
import { PageFallback } from '../../layout/page-fallback.component';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { usePageMeta } from '../../layout/use-page-meta.hook';
import { Alert } from '../../ui/alert.component';

/** Refusals the server sends a browser back here with (`/auth?error=<code>`): Google sign-in's. */
const SIGN_IN_ERRORS = [AuthErrorCode.GoogleSignInUnavailable, AuthErrorCode.GoogleSignInFailed] as const;
type SignInError = (typeof SIGN_IN_ERRORS)[number];
const isSignInError = (code: string | null): code is SignInError => SIGN_IN_ERRORS.includes(code as SignInError);

const BENEFITS = ['auth.benefit1', 'auth.benefit2', 'auth.benefit3'] as const;

/**
 * /auth (and /auth?mode=register): the tabs beside the marketing panel; a signed-in visitor goes home. A sign-in
 * that failed elsewhere (Google) comes back as /auth?error=<code>, said here in the visitor's language.
 */
export function AuthPage() {
  usePageMeta('auth');
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = useAuthStatus();
  const mode: AuthMode = params.get('mode') === 'register' ? 'register' : 'login';
  const error = params.get('error');

  if (status.isLoading) return <PageFallback />;
  if (status.data?.isAuthenticated) return <Navigate to={localised(paths.home)} replace />;

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:py-20">
      <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="mb-6 text-2xl font-bold">
          {mode === 'register' ? t('auth.registerTitle') : t('auth.loginTitle')}
        </h1>
        {isSignInError(error) && (
          <div className="mb-6">
            <Alert tone="error">{t(`errors.${error}`)}</Alert>
          </div>
        )}
        <AuthPanel
          mode={mode}
          variant="page"
          onModeChange={(next) => setParams(next === 'register' ? { mode: 'register' } : {}, { replace: true })}
          onLoggedIn={() => void navigate(localised(paths.home))}
        />
      </div>
      <aside className="flex flex-col justify-center rounded-3xl bg-gradient-to-br from-blue-700 to-indigo-800 p-8 text-white sm:p-12">
        <h2 className="text-3xl font-bold">{t('auth.marketingTitle')}</h2>
        <p className="mt-3 text-blue-100">{t('auth.marketingText')}</p>
        <ul className="mt-8 space-y-3">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex gap-3">
              <span aria-hidden>✓</span>
              {t(benefit)}
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
