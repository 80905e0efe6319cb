import type { SubscriptionPlan } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { formatPrice } from './plan-price';

/** What the buyer is about to subscribe to: the plan, its price per period and its daily and per-extraction limits. */
export function PlanSummary({ plan }: { plan: SubscriptionPlan }) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
      {[
        [
          t('billing.summaryPlan'),
          `${plan.name} · ${plan.interval === 'year' ? t('billing.annual') : t('billing.monthly')}`,
        ],
        [
          t('billing.summaryPrice'),
          `${formatPrice(plan.price, plan.currency, i18n.language)}${plan.interval === 'year' ? t('billing.perYear') : t('pricing.perMonth')}`,
        ],
        [t('billing.summaryDaily'), t('billing.featureDailyImages', { n: plan.dailyLimit })],
        [t('billing.summaryPerExtraction'), t('billing.featurePerExtraction', { n: plan.maxImagesPerExtraction })],
      ].map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 px-4 py-3">
          <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="text-end font-medium">
            <bdi>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
