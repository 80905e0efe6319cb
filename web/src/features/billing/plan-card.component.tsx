import { CRAWL_PAGE_LIMITS, type PlanFeature, type SubscriptionPlan } from '@pixtract/contracts';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.component';
import { formatPrice } from './plan-price';

const FEATURE_KEYS: Record<PlanFeature, ParseKeys> = {
  'daily-images': 'billing.featureDailyImages',
  'per-extraction': 'billing.featurePerExtraction',
  'bulk-zip': 'billing.featureBulkZip',
  'priority-support': 'billing.featurePrioritySupport',
  'dedicated-support': 'billing.featureDedicatedSupport',
};

const TIER_KEYS: Record<SubscriptionPlan['tier'], ParseKeys> = {
  hobby: 'billing.tierHobby',
  startup: 'billing.tierStartup',
  enterprise: 'billing.tierEnterprise',
};

export type PlanAction = 'subscribe' | 'current' | 'processing';

interface PlanCardProps {
  plan: SubscriptionPlan;
  action: PlanAction;
  onSubscribe: (plan: SubscriptionPlan) => void;
  /** Another plan's subscription is being made: this button waits too. */
  disabled?: boolean;
}

/** One live plan: name, what it is for, price per month or year, features (and its pages per crawl), its button. */
export function PlanCard({ plan, action, onSubscribe, disabled = false }: PlanCardProps) {
  const { t, i18n } = useTranslation();
  const label =
    action === 'current'
      ? t('billing.currentPlan')
      : action === 'processing'
        ? t('billing.processing')
        : t('billing.subscribe');
  return (
    <li
      className={`relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm dark:bg-slate-900 ${
        plan.isPopular ? 'border-blue-600 ring-2 ring-blue-600' : 'border-slate-200 dark:border-slate-800'
      }`}
      aria-label={plan.name}
      data-plan={plan.planId}
    >
      {plan.isPopular && (
        <p className="absolute -top-3 start-6 rounded-full bg-blue-600 px-3 py-0.5 text-xs font-semibold text-white">
          {t('billing.mostPopular')}
        </p>
      )}
      <h3 className="text-xl font-bold">{plan.name}</h3>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t(TIER_KEYS[plan.tier])}</p>
      <p className="mt-4">
        <bdi className="text-4xl font-extrabold tabular-nums">
          {formatPrice(plan.price, plan.currency, i18n.language)}
        </bdi>
        <span className="text-slate-600 dark:text-slate-400">
          {plan.interval === 'year' ? t('billing.perYear') : t('pricing.perMonth')}
        </span>
      </p>
      <ul className="mt-6 flex-1 space-y-2 text-slate-700 dark:text-slate-300">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden className="text-emerald-600 dark:text-emerald-400">
              ✓
            </span>
            {t(FEATURE_KEYS[feature], {
              n: feature === 'daily-images' ? plan.dailyLimit : plan.maxImagesPerExtraction,
            })}
          </li>
        ))}
        <li className="flex gap-2">
          <span aria-hidden className="text-emerald-600 dark:text-emerald-400">
            ✓
          </span>
          {t('billing.featurePagesPerCrawl', { n: CRAWL_PAGE_LIMITS[plan.tier] })}
        </li>
      </ul>
      <Button
        variant={plan.isPopular ? 'primary' : 'secondary'}
        size="lg"
        className="mt-8"
        disabled={action !== 'subscribe' || disabled}
        aria-busy={action === 'processing'}
        onClick={() => onSubscribe(plan)}
      >
        {label}
      </Button>
    </li>
  );
}
