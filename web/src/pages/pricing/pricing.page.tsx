import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useAuthStatus } from '../../features/auth/auth.api';
import { LegacyPlans } from '../../features/billing/legacy-plans.component';
import { PlanGrid } from '../../features/billing/plan-grid.component';
import { PricingFaq } from '../../features/billing/pricing-faq.component';
import { TestPaymentsBadge } from '../../features/billing/test-payments-badge.component';
import { PageFallback } from '../../layout/page-fallback.component';
import { usePageMeta } from '../../layout/use-page-meta.hook';
import { tabListStyles, tabStyles } from '../../ui/tabs.styles';

/** /pricing: live subscription plans and the legacy ones, in tabs (members start on the live ones), then the FAQ. */
export function PricingPage() {
  usePageMeta('pricing');
  const { t } = useTranslation();
  const status = useAuthStatus();
  if (status.isLoading) return <PageFallback />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-center text-3xl font-bold sm:text-4xl">{t('pricing.title')}</h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-slate-600 dark:text-slate-300">
        {t('pricing.intro')}
      </p>
      <div className="mt-4 flex justify-center">
        <TestPaymentsBadge />
      </div>
      <Tabs.Root defaultValue={status.data?.isAuthenticated ? 'subscriptions' : 'legacy'} className="mt-10">
        <div className="mb-10 flex justify-center">
          <Tabs.List aria-label={t('billing.planTypes')} className={tabListStyles()}>
            <Tabs.Trigger value="subscriptions" className={tabStyles()}>
              {t('billing.subscriptionPlans')}
            </Tabs.Trigger>
            <Tabs.Trigger value="legacy" className={tabStyles()}>
              {t('billing.legacyPlans')}
            </Tabs.Trigger>
          </Tabs.List>
        </div>
        {/* The tab's name as the section's heading, so the plans' own headings (h3) sit under one. */}
        <Tabs.Content value="subscriptions">
          <h2 className="sr-only">{t('billing.subscriptionPlans')}</h2>
          <PlanGrid />
        </Tabs.Content>
        <Tabs.Content value="legacy">
          <h2 className="sr-only">{t('billing.legacyPlans')}</h2>
          <LegacyPlans />
        </Tabs.Content>
      </Tabs.Root>
      <PricingFaq />
    </div>
  );
}
