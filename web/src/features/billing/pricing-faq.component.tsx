import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The FAQ's promises: plan, change (upgrades now, downgrades at the cycle's end), rollover, discounts, limits. */
const QUESTIONS: Array<[ParseKeys, ParseKeys]> = [
  ['billing.faqPlanQ', 'billing.faqPlanA'],
  ['billing.faqChangeQ', 'billing.faqChangeA'],
  ['billing.faqRolloverQ', 'billing.faqRolloverA'],
  ['billing.faqDiscountsQ', 'billing.faqDiscountsA'],
  ['billing.faqLimitsQ', 'billing.faqLimitsA'],
];

export function PricingFaq() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="pricing-faq" className="mx-auto mt-20 max-w-3xl">
      <h2 id="pricing-faq" className="mb-6 text-center text-2xl font-bold">
        {t('billing.faqTitle')}
      </h2>
      <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {QUESTIONS.map(([question, answer]) => (
          <details key={question} className="group p-5">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold">
              {t(question)}
              <span aria-hidden className="text-slate-400 transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-3 text-slate-600 dark:text-slate-300">{t(answer)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
