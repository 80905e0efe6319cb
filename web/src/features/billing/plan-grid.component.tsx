import type { SubscriptionPlan } from '@pixtract/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.component';
import { Spinner } from '../../ui/spinner.component';
import { useAuthStatus } from '../auth/auth.api';
import { useGetPlansQuery } from './billing.api';
import { PlanCard } from './plan-card.component';
import { plansOf } from './plan-price';
import { useSubscribe } from './use-subscribe.hook';

/** The live plans, monthly or annual, with the member's current plan marked and Subscribe on the others. */
export function PlanGrid() {
  const { t } = useTranslation();
  const plans = useGetPlansQuery();
  const status = useAuthStatus();
  const { subscribe, processing } = useSubscribe();
  const [interval, setBillingInterval] = useState<SubscriptionPlan['interval']>('month');
  const user = status.data?.user;

  if (plans.isLoading) return <Spinner label={t('app.loading')} />;
  if (plans.isError || !plans.data)
    return (
      <div className="text-center">
        <p className="text-slate-600 dark:text-slate-300">{t('billing.plansFailed')}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void plans.refetch()}>
          {t('billing.retry')}
        </Button>
      </div>
    );

  return (
    <div>
      <div
        role="radiogroup"
        aria-label={t('billing.billingPeriod')}
        className="mx-auto mb-10 flex w-fit gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
      >
        {(['month', 'year'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={interval === value}
            onClick={() => setBillingInterval(value)}
            className="rounded-lg px-4 py-2 text-sm font-semibold text-slate-600 aria-checked:bg-white aria-checked:text-slate-900 aria-checked:shadow dark:text-slate-300 dark:aria-checked:bg-slate-700 dark:aria-checked:text-white"
          >
            {value === 'month' ? t('billing.monthly') : t('billing.annual')}
            {value === 'year' && (
              <span className="ms-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200">
                {t('billing.annualSaving')}
              </span>
            )}
          </button>
        ))}
      </div>
      <ul className="grid gap-6 lg:grid-cols-3">
        {plansOf(plans.data, interval).map((plan) => (
          <PlanCard
            key={plan.planId}
            plan={plan}
            action={
              user?.role === 'premium' && user.membershipPlan === plan.planId
                ? 'current'
                : processing === plan.planId
                  ? 'processing'
                  : 'subscribe'
            }
            disabled={processing !== null}
            onSubscribe={subscribe}
          />
        ))}
      </ul>
    </div>
  );
}
