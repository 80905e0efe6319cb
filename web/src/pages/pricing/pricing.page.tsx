import { useTranslation } from 'react-i18next';
import { PricingCards } from '../../features/home/pricing-cards.component';
import { usePageMeta } from '../../layout/use-page-meta.hook';

/** The plans until billing brings live subscription plans and legacy plans with their tabs. */
export function PricingPage() {
  usePageMeta('pricing');
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-center text-3xl font-bold sm:text-4xl">{t('pricing.title')}</h1>
      <p className="mx-auto mt-4 mb-12 max-w-2xl text-center text-lg text-slate-600 dark:text-slate-300">{t('pricing.intro')}</p>
      <PricingCards />
    </div>
  );
}
