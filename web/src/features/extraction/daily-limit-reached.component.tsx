import type { Limits } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../router/paths';
import { useLanguage, useLocalisedPath } from '../../router/use-language.hook';
import { buttonStyles } from '../../ui/button.component';
import { Card } from '../../ui/card.component';
import { dailyResetText } from './daily-reset';

/**
 * The day's images are used up: the way out for who the visitor is — sign in (free) for a visitor, upgrade for a
 * registered member — and when the allowance comes back, in the visitor's own time. Without the refusal's limits
 * (an old server), the server's own words.
 */
export function DailyLimitReached({ limits, message }: { limits?: Limits; message?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localised = useLocalisedPath();
  const reset = dailyResetText(new Date(), language);
  const role = limits?.role ?? 'free';
  return (
    <Card role="alert" className="mx-auto w-full max-w-xl p-6 sm:p-8" data-testid="daily-limit">
      <h1 className="text-xl font-bold">{t('notices.dailyLimitTitle')}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-200">
        {limits ? t('limit.reachedText', { total: limits.total }) : message}
      </p>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('limit.resets', reset)}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        {role === 'free' && (
          <Link to={localised(paths.auth)} className={buttonStyles('primary', 'md')}>
            {t('limit.signIn')}
          </Link>
        )}
        {(role === 'free' || role === 'registered') && (
          <Link to={localised(paths.pricing)} className={buttonStyles(role === 'free' ? 'secondary' : 'primary', 'md')}>
            {t('limit.upgrade')}
          </Link>
        )}
      </div>
    </Card>
  );
}
