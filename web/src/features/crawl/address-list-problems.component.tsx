import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/number-format';
import { useLanguage } from '../../router/use-language.hook';
import { Alert } from '../../ui/alert.component';
import type { AddressListCheck } from './address-list';

/** The most line problems listed; the rest are counted. */
const LISTED_PROBLEMS = 5;

interface AddressListProblemsProps {
  id: string;
  check: AddressListCheck | null;
  limit: number;
  /** The lines that are not addresses are told once the list is submitted (not while the first one is typed). */
  shown: boolean;
}

/** Under the list box: how many addresses of the plan's limit, and what keeps the list from starting. */
export function AddressListProblems({ id, check, limit, shown }: AddressListProblemsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const count = check?.urls.length ?? 0;
  const problems = shown ? (check?.problems ?? []) : [];
  return (
    <div id={id} className="space-y-2 text-start">
      <p
        aria-live="polite"
        className={`text-sm tabular-nums ${check?.tooMany ? 'font-semibold text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}
      >
        {t('crawl.listCount', { count, limit: formatNumber(limit, language) })}
      </p>
      {check?.tooMany && <Alert tone="error">{t('crawl.listTooMany', { count: limit })}</Alert>}
      {problems.length > 0 && (
        <Alert tone="error" title={t('crawl.listProblemsTitle', { count: problems.length })}>
          <ul className="list-disc space-y-0.5 ps-5">
            {problems.slice(0, LISTED_PROBLEMS).map(({ line, code }) => (
              <li key={line}>{t('crawl.listLineProblem', { line, reason: t(`errors.${code}`) })}</li>
            ))}
          </ul>
          {problems.length > LISTED_PROBLEMS && (
            <p className="mt-1">{t('crawl.listMoreProblems', { count: problems.length - LISTED_PROBLEMS })}</p>
          )}
        </Alert>
      )}
    </div>
  );
}
