import { DropdownMenu } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.component';
import type { ImageKind } from '@pixtract/contracts';
import { activeFilterCount, SORT_ORDERS, type ResultOptions, type SortOrder } from './results-view';
import { MenuRadioItem } from '../../ui/menu-radio-item.component';
import { KindFilter } from './kind-filter.component';
import { formatNumber } from '../../i18n/number-format';
import { useLanguage } from '../../router/use-language.hook';
import { pageLabel } from './page-label';

interface ResultsToolbarProps {
  options: ResultOptions;
  fileTypes: string[];
  /** How many images each hidden kind keeps out of the grid. */
  hiddenKinds: Partial<Record<ImageKind, number>>;
  onChange: (change: Partial<ResultOptions>) => void;
  /** A crawl's pages, for the Page filter; a single page's results have none. */
  pages?: string[];
}

const fieldStyle =
  'h-10 rounded-xl border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-900 focus:outline-2 focus:outline-blue-500/40';

/**
 * Sort, Show/Hide Duplicates, and the filters beyond the seed: a crawl's page, minimum width and height, file type,
 * kind. On a phone
 * they fold behind one Filters button that counts the active ones, so the first images show without scrolling.
 */
export function ResultsToolbar({ options, fileTypes, hiddenKinds, onChange, pages }: ResultsToolbarProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const ids = { type: useId(), page: useId(), controls: useId() };
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(options);

  return (
    <div>
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={ids.controls}
        onClick={() => setOpen(!open)}
        className="sm:hidden"
      >
        <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path d="M2.5 4.75A.75.75 0 0 1 3.25 4h13.5a.75.75 0 0 1 0 1.5H3.25a.75.75 0 0 1-.75-.75Zm3 5A.75.75 0 0 1 6.25 9h7.5a.75.75 0 0 1 0 1.5h-7.5a.75.75 0 0 1-.75-.75Zm3 5a.75.75 0 0 1 .75-.75h1.5a.75.75 0 0 1 0 1.5h-1.5a.75.75 0 0 1-.75-.75Z" />
        </svg>
        {t('results.filters')}
        {active > 0 && (
          <span
            aria-hidden
            className="rounded-full bg-blue-600 px-2 text-xs font-semibold text-white tabular-nums"
            data-testid="active-filters"
          >
            {formatNumber(active, language)}
          </span>
        )}
        {active > 0 && <span className="sr-only">{t('results.filtersActive', { count: active })}</span>}
      </Button>
      <div id={ids.controls} className={`${open ? 'mt-3 flex' : 'hidden'} flex-wrap items-end gap-3 sm:mt-0 sm:flex`}>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger asChild>
            <Button variant="secondary">
              {t('results.sortBy', { order: t(`results.sort.${options.sort}`) })}
              <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4">
                <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
              </svg>
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="start"
              sideOffset={6}
              className="z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
            >
              <DropdownMenu.RadioGroup
                value={options.sort}
                onValueChange={(sort) => onChange({ sort: sort as SortOrder })}
              >
                {SORT_ORDERS.map((order) => (
                  <MenuRadioItem key={order} value={order}>
                    {t(`results.sort.${order}`)}
                  </MenuRadioItem>
                ))}
              </DropdownMenu.RadioGroup>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>

        <Button
          variant="secondary"
          aria-pressed={options.showDuplicates}
          onClick={() => onChange({ showDuplicates: !options.showDuplicates })}
        >
          {options.showDuplicates ? t('results.hideDuplicates') : t('results.showDuplicates')}
        </Button>

        {pages && (
          <div className="flex max-w-full min-w-0 flex-col gap-1">
            <label htmlFor={ids.page} className="text-xs font-medium text-slate-600 dark:text-slate-400">
              {t('results.pageFilter')}
            </label>
            <select
              id={ids.page}
              value={options.page}
              onChange={(event) => onChange({ page: event.target.value })}
              className={`${fieldStyle} w-72 max-w-full`}
            >
              <option value="">{t('results.allPages')}</option>
              {pages.map((page) => (
                <option key={page} value={page} dir="ltr">
                  {pageLabel(page)}
                </option>
              ))}
            </select>
          </div>
        )}

        <MinSizeField
          label={t('results.minWidth')}
          value={options.minWidth}
          onChange={(minWidth) => onChange({ minWidth })}
        />
        <MinSizeField
          label={t('results.minHeight')}
          value={options.minHeight}
          onChange={(minHeight) => onChange({ minHeight })}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.type} className="text-xs font-medium text-slate-600 dark:text-slate-400">
            {t('results.fileType')}
          </label>
          <select
            id={ids.type}
            value={options.fileType}
            onChange={(event) => onChange({ fileType: event.target.value })}
            className={fieldStyle}
          >
            <option value="">{t('results.allTypes')}</option>
            {fileTypes.map((type) => (
              <option key={type} value={type}>
                {type.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
        <KindFilter kinds={options.kinds} hidden={hiddenKinds} onChange={(kinds) => onChange({ kinds })} />
      </div>
    </div>
  );
}

/** A minimum size in pixels: empty or anything not a number is 0 (no minimum). */
function MinSizeField({ label, value, onChange }: { label: string; value: number; onChange: (px: number) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600 dark:text-slate-400">
        {label}
      </label>
      <input
        id={id}
        type="number"
        min={0}
        inputMode="numeric"
        value={value || ''}
        placeholder="0"
        onChange={(event) => onChange(Math.max(0, Number.parseInt(event.target.value, 10) || 0))}
        className={`${fieldStyle} w-28`}
      />
    </div>
  );
}
