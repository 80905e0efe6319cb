import { useEffect } from 'react';
import { SEED_PREMIUM_PLAN_ID, usageStats } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { api } from '../../app/api';
import { isSignedOut } from '../../app/api-error';
import { useAppDispatch } from '../../app/hooks';
import { useGetProfileQuery } from '../../features/account/account.api';
import { QuarterlyUsage } from '../../features/account/quarterly-usage.component';
import { RecentActivity } from '../../features/account/recent-activity.component';
import { useAuthStatus } from '../../features/auth/auth.api';
import { useGetUserSubscriptionQuery } from '../../features/billing/billing.api';
import { CurrentSubscriptionCard } from '../../features/billing/current-subscription.component';
import { noticeShown } from '../../features/notice/notice.slice';
import { accountLabelKey } from '../../layout/account-menu.component';
import { PageFallback } from '../../layout/page-fallback.component';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { buttonStyles } from '../../ui/button.component';
import { Card } from '../../ui/card.component';
import { UsageBar } from '../../ui/usage-bar.component';
import { formatDate, formatNumber } from '../../i18n/number-format';
import { useLanguage } from '../../router/use-language.hook';
import { usePageMeta } from '../../layout/use-page-meta.hook';

/** /member — My Account. Visitors go to /auth; a profile that fails to load sends the member home with a toast. */
export function MemberPage() {
  usePageMeta('member');
  const status = useAuthStatus();
  const localised = useLocalisedPath();
  if (status.isLoading) return <PageFallback />;
  if (!status.data?.isAuthenticated) return <Navigate to={localised(paths.auth)} replace />;
  return <Dashboard />;
}

function Dashboard() {
  const { t } = useTranslation();
  const language = useLanguage();
  const localised = useLocalisedPath();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const profile = useGetProfileQuery();

  useEffect(() => {
    if (!profile.isError) return;
    if (isSignedOut(profile.error)) {
      // The session ended (a logout refetches the profile and the sign-in state together, and the 401 may come
      // first; or it expired): no failure to report — the refreshed sign-in state makes MemberPage move on.
      dispatch(api.util.invalidateTags(['Auth']));
      return;
    }
    dispatch(noticeShown({ title: 'member.profileFailed', tone: 'error' }));
    void navigate(localised(paths.home), { replace: true });
  }, [profile.isError, profile.error, dispatch, navigate, localised]);

  if (!profile.data) return <PageFallback />;
  const user = profile.data;
  const daily = usageStats(user.dailyLimit, user.currentUsage);
  const number = (value: number) => formatNumber(value, language);

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{t('member.title')}</h1>
        <div className="flex gap-2">
          <Link to={localised(paths.home)} className={buttonStyles('secondary', 'md')}>
            {t('results.backToHome')}
          </Link>
          <Link to={localised(paths.home)} className={buttonStyles('primary', 'md')}>
            {t('member.newExtraction')}
          </Link>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-6">
          <h2 className="text-lg font-semibold">{t('member.accountInformation')}</h2>
          <dl className="mt-4 space-y-2 text-sm">
            {[
              [t('member.username'), user.username],
              [t('member.email'), user.email ?? '—'],
              [t('member.accountType'), t(accountLabelKey(user.role))],
              [t('member.memberSince'), formatDate(user.createdAt, language)],
              [t('member.totalExtractions'), number(user.totalExtractionsAllTime)],
              [t('member.totalImages'), number(user.totalImagesExtracted)],
            ].map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4">
                <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
                <dd className="truncate font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card className="p-6">
          <h2 className="text-lg font-semibold">{t('member.dailyUsage')}</h2>
          <p className="mt-4 text-3xl font-bold tabular-nums">
            {number(user.currentUsage)}{' '}
            <span className="text-base font-normal text-slate-600 dark:text-slate-400">
              / {number(user.dailyLimit)}
            </span>
          </p>
          <div className="mt-3">
            <UsageBar usage={daily} label={t('member.dailyUsage')} />
          </div>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
            {t('account.imagesLeft', { count: daily.remainingToday })} ·{' '}
            {t('account.percentUsed', { percent: daily.percentUsed })}
          </p>
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{t('member.resetNote')}</p>
        </Card>
        <Card className="p-6">
          <h2 className="text-lg font-semibold">{t('member.quarterlyUsage')}</h2>
          <div className="mt-4">
            <QuarterlyUsage stats={user.quarterlyStats} />
          </div>
        </Card>
      </div>
      {user.role === 'premium' && <SubscriptionSummary />}
      {user.role !== 'premium' && (
        <Card className="flex flex-wrap items-center justify-between gap-4 border-blue-200 bg-gradient-to-r from-blue-50 to-indigo-50 p-6 dark:border-blue-900 dark:from-slate-900 dark:to-indigo-950/50">
          <div>
            <h2 className="text-lg font-semibold">{t('member.upgradeTitle')}</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('member.upgradeText')}</p>
          </div>
          <Link to={localised(paths.payment(SEED_PREMIUM_PLAN_ID))} className={buttonStyles('primary', 'lg')}>
            {t('member.upgradeButton')}
          </Link>
        </Card>
      )}
      <Card className="p-6">
        <h2 className="mb-4 text-lg font-semibold">{t('member.recentActivity')}</h2>
        <RecentActivity />
      </Card>
    </div>
  );
}

/** A premium member's subscription at a glance: next billing date, or premium's last day after a cancel. */
function SubscriptionSummary() {
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  const { data } = useGetUserSubscriptionQuery();
  if (!data?.subscription) return null;
  return (
    <Card className="p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('billing.yourSubscription')}</h2>
        <Link to={localised(paths.subscription)} className={buttonStyles('secondary', 'md')}>
          {t('billing.manageSubscription')}
        </Link>
      </div>
      <CurrentSubscriptionCard subscription={data.subscription} manage={false} />
    </Card>
  );
}
