import { CRAWL_PAGE_LIMITS, DEFAULT_PLAN_QUOTAS, SEED_PREMIUM_PLAN_ID } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { buttonStyles } from '../../ui/button.component';
import { formatNumber } from '../../i18n/number-format';
import { focusAddressBox } from '../extraction/address-box';

/** The home page's three cards; the numbers are the plan quotas of contracts, the price the seed's $9.99 (Hobby monthly). */
const PLANS = [
  {
    plan: 'free',
    price: '$0',
    daily: DEFAULT_PLAN_QUOTAS.free.daily,
    pagesPerCrawl: CRAWL_PAGE_LIMITS.free,
    to: paths.home,
    action: 'pricing.freeAction',
    recommended: false,
  },
  {
    plan: 'registered',
    price: '$0',
    daily: DEFAULT_PLAN_QUOTAS.registered.daily,
    pagesPerCrawl: CRAWL_PAGE_LIMITS.registered,
    to: paths.register,
    action: 'pricing.registeredAction',
    recommended: true,
  },
  {
    plan: 'premium',
    price: '$9.99',
    daily: DEFAULT_PLAN_QUOTAS.premium.daily,
    // The seed's Premium is the Hobby plan.
    pagesPerCrawl: CRAWL_PAGE_LIMITS.hobby,
    to: paths.payment(SEED_PREMIUM_PLAN_ID),
    action: 'pricing.premiumAction',
    recommended: false,
  },
] as const;

export function PricingCards() {
  const { t, i18n } = useTranslation();
  const localised = useLocalisedPath();
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {PLANS.map((card) => (
        <li
          key={card.plan}
          className={`relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm dark:bg-slate-900 ${
            card.recommended ? 'border-blue-600 ring-2 ring-blue-600' : 'border-slate-200 dark:border-slate-800'
          }`}
        >
          {card.recommended && (
            <p className="absolute -top-3 start-6 rounded-full bg-blue-600 px-3 py-0.5 text-xs font-semibold text-white">
              {t('pricing.recommended')}
            </p>
          )}
          <h3 className="text-xl font-bold">{t(`pricing.${card.plan}Name`)}</h3>
          <p className="mt-4">
            <span className="text-4xl font-extrabold">{card.price}</span>
            <span className="text-slate-600 dark:text-slate-400">{t('pricing.perMonth')}</span>
          </p>
          <ul className="mt-6 flex-1 space-y-2 text-slate-700 dark:text-slate-300">
            <li>
              {t(card.plan === 'premium' ? 'pricing.dailyImagesPlus' : 'pricing.dailyImages', {
                formatted: formatNumber(card.daily, i18n.language),
              })}
            </li>
            <li>{t('pricing.pagesPerCrawl', { formatted: formatNumber(card.pagesPerCrawl, i18n.language) })}</li>
            <li>{t(`pricing.${card.plan}Feature1`)}</li>
            <li>{t(`pricing.${card.plan}Feature2`)}</li>
          </ul>
          <Link
            to={localised(card.to)}
            // The free plan needs nothing but an address: the box is on this very page.
            onClick={
              card.plan === 'free'
                ? (event) => {
                    event.preventDefault();
                    focusAddressBox();
                  }
                : undefined
            }
            className={buttonStyles(card.recommended ? 'primary' : 'secondary', 'lg', 'mt-8')}
          >
            {t(card.action)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
