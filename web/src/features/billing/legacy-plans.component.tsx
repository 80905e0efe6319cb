import { DEFAULT_PLAN_QUOTAS, SEED_PREMIUM_PLAN_ID, type Role } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { Alert } from '../../ui/alert.component';
import { Button } from '../../ui/button.component';
import { useAuthStatus } from '../auth/auth.api';
import { noticeShown } from '../notice/notice.slice';
import { formatNumber } from '../../i18n/number-format';

/** The seed's three plans, kept as static cards; Premium is today's Hobby monthly. */
const LEGACY = [
  { role: 'free', price: '$0', daily: DEFAULT_PLAN_QUOTAS.free.daily },
  { role: 'registered', price: '$0', daily: DEFAULT_PLAN_QUOTAS.registered.daily },
  { role: 'premium', price: '$9.99', daily: DEFAULT_PLAN_QUOTAS.premium.daily },
] as const;

/**
 * Legacy plans with their notice. Signed out, choosing one goes to sign-in ('Login Required'); signed in, the
 * member's own is 'Current Plan' and Premium leads to its payment page.
 */
export function LegacyPlans() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const localised = useLocalisedPath();
  const status = useAuthStatus();
  const role: Role | undefined = status.data?.user?.role;

  const choose = (plan: Role) => {
    if (!status.data?.isAuthenticated) {
      dispatch(
        noticeShown({ title: 'billing.loginRequired', description: 'billing.loginRequiredText', tone: 'warning' }),
      );
      void navigate(localised(paths.auth));
      return;
    }
    if (plan === 'premium') void navigate(localised(paths.payment(SEED_PREMIUM_PLAN_ID)));
  };

  return (
    <div className="space-y-8">
      <Alert tone="warning" title={t('billing.legacyNoticeTitle')}>
        {t('billing.legacyNotice')}
      </Alert>
      <ul className="grid gap-6 lg:grid-cols-3">
        {LEGACY.map((card) => {
          const current = role === card.role;
          const offered = !role || card.role === 'premium';
          return (
            <li
              key={card.role}
              aria-label={t(`pricing.${card.role}Name`)}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-8 opacity-95 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <h3 className="text-xl font-bold">{t(`pricing.${card.role}Name`)}</h3>
              <p className="mt-4">
                <bdi className="text-4xl font-extrabold">{card.price}</bdi>
                <span className="text-slate-600 dark:text-slate-400">{t('pricing.perMonth')}</span>
              </p>
              <ul className="mt-6 flex-1 space-y-2 text-slate-700 dark:text-slate-300">
                <li>
                  {t(card.role === 'premium' ? 'pricing.dailyImagesPlus' : 'pricing.dailyImages', {
                    formatted: formatNumber(card.daily, i18n.language),
                  })}
                </li>
                <li>{t(card.role === 'registered' ? 'billing.legacyDownloadAll' : `pricing.${card.role}Feature1`)}</li>
                <li>{t(`pricing.${card.role}Feature2`)}</li>
              </ul>
              {(current || offered) && (
                <Button
                  variant="secondary"
                  size="lg"
                  className="mt-8"
                  disabled={current}
                  onClick={() => choose(card.role)}
                >
                  {current ? t('billing.currentPlan') : t('billing.choose')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
