import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { buttonStyles } from '../../ui/button.component';
import { Card } from '../../ui/card.component';
import type { RetryState } from './extraction-form.component';

/** Why a page that answered can still show no images, most common first. */
const LIKELY_CAUSES = [
  'results.emptyCauseRefused',
  'results.emptyCauseLogin',
  'results.emptyCauseDrawn',
  'results.emptyCauseEmpty',
] as const;

/** Nothing found on `url`: the likely causes, and the hero again with that address selected to change it. */
export function NoImagesFound({ url }: { url: string }) {
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  const retry: RetryState = { retryUrl: url };
  return (
    <Card className="mx-auto w-full max-w-xl p-8 text-center">
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        className="mx-auto size-12 text-slate-400"
      >
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="m3 16 5-5 4 4 3-3 6 6M3 3l18 18" />
      </svg>
      <h1 className="mt-4 text-xl font-bold">{t('results.emptyTitle')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('results.emptyBody')}</p>
      <h2 className="mt-6 text-start text-sm font-semibold">{t('results.emptyCausesTitle')}</h2>
      <ul className="mt-2 list-disc space-y-1 ps-5 text-start text-sm text-slate-600 dark:text-slate-300">
        {LIKELY_CAUSES.map((cause) => (
          <li key={cause}>{t(cause)}</li>
        ))}
      </ul>
      <Link to={localised(paths.home)} state={retry} className={buttonStyles('primary', 'md', 'mt-6')}>
        {t('results.tryDifferentUrl')}
      </Link>
    </Card>
  );
}
