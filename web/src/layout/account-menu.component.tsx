import type { Role } from '@pixtract/contracts';
import { HoverCard } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthDialog } from '../features/auth/auth-dialog.component';
import type { AuthMode } from '../features/auth/auth-form.component';
import { useAuthStatus } from '../features/auth/auth.api';
import { useLogout } from '../features/auth/use-logout.hook';
import { paths } from '../router/paths';
import { useLocalisedPath } from '../router/use-language.hook';
import { Button, buttonStyles } from '../ui/button.component';
import { UsageBar } from '../ui/usage-bar.component';

const roleDots: Partial<Record<Role, string>> = {
  premium: 'bg-yellow-400',
  registered: 'bg-blue-500',
  admin: 'bg-violet-500',
};

const ACCOUNT_LABELS: Record<Role, 'account.premium' | 'account.registered' | 'account.free' | 'account.admin'> = {
  premium: 'account.premium',
  registered: 'account.registered',
  free: 'account.free',
  admin: 'account.admin',
};

export const accountLabelKey = (role: Role) => ACCOUNT_LABELS[role];

/**
 * Login and Sign Up (the auth modal) for visitors; My Account with its usage panel for a signed-in user; a
 * placeholder while the status loads.
 */
export function AccountMenu({ stacked = false }: { stacked?: boolean }) {
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  const status = useAuthStatus();
  const logout = useLogout();
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);

  if (status.isLoading) {
    return (
      <span
        className="inline-flex h-10 w-32 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800"
        aria-hidden
        data-testid="auth-placeholder"
      />
    );
  }

  const user = status.data?.isAuthenticated ? status.data.user : null;
  if (!user) {
    return (
      <div className={stacked ? 'grid grid-cols-2 gap-2' : 'flex items-center gap-2'}>
        <Button variant="ghost" onClick={() => setAuthMode('login')}>
          {t('header.login')}
        </Button>
        <Button onClick={() => setAuthMode('register')}>{t('header.signUp')}</Button>
        <AuthDialog mode={authMode} onModeChange={setAuthMode} onClose={() => setAuthMode(null)} />
      </div>
    );
  }

  const usage = user.usageStats;
  return (
    <HoverCard.Root openDelay={100} closeDelay={200}>
      <HoverCard.Trigger asChild>
        <Link to={localised(paths.member)} className={buttonStyles('secondary', 'md')}>
          <span
            aria-hidden
            className={`size-2.5 rounded-full ${roleDots[user.role] ?? 'bg-slate-400'}`}
            data-testid="role-dot"
            data-role={user.role}
          />
          {t('header.myAccount')}
        </Link>
      </HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content
          align="end"
          sideOffset={8}
          className="z-50 w-72 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="font-semibold">{user.displayName || user.username}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t(accountLabelKey(user.role))}</p>
          <div className="mt-3 space-y-2">
            <div className="flex justify-between">
              <span>{t('account.imagesLeft', { count: usage.remainingToday })}</span>
              <span className="tabular-nums">{t('account.percentUsed', { percent: usage.percentUsed })}</span>
            </div>
            <UsageBar usage={usage} label={t('account.dailyUsage')} />
          </div>
          {user.role === 'admin' && (
            <Link
              to={localised(paths.admin)}
              className="mt-3 block font-medium text-blue-700 hover:underline dark:text-blue-400"
            >
              {t('admin.title')}
            </Link>
          )}
          <div className="mt-4 flex gap-2">
            <Link to={localised(paths.member)} className={buttonStyles('primary', 'md', 'flex-1')}>
              {t('header.myAccount')}
            </Link>
            <button type="button" onClick={logout} className={buttonStyles('ghost', 'md')}>
              {t('header.logout')}
            </button>
          </div>
        </HoverCard.Content>
      </HoverCard.Portal>
    </HoverCard.Root>
  );
}
