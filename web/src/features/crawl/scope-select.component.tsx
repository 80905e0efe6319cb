import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SCOPE_CHOICES, type ScopeChoice } from './crawl-scope';

interface ScopeSelectProps {
  value: ScopeChoice;
  onChange: (scope: ScopeChoice) => void;
  /** The plan's pages per crawl, said next to the scopes that follow links. */
  pageLimit: number;
}

/** Beside the address box: how far to read — this page, the pages it links to, the gallery, the site, or a list. */
export function ScopeSelect({ value, onChange, pageLimit }: ScopeSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <label htmlFor={id} className="font-medium text-slate-700 dark:text-slate-300">
        {t('crawl.scopeLabel')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ScopeChoice)}
        aria-describedby={value === 'page' ? undefined : hintId}
        className="h-10 max-w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:outline-2 focus:outline-blue-500/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {SCOPE_CHOICES.map((scope) => (
          <option key={scope} value={scope}>
            {t(`crawl.scope.${scope}`)}
          </option>
        ))}
      </select>
      {value !== 'page' && (
        <span id={hintId} className="text-slate-600 dark:text-slate-400">
          {t(value === 'list' ? 'crawl.listLimit' : 'crawl.pageLimit', { count: pageLimit })}
        </span>
      )}
    </div>
  );
}
