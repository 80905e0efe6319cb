import type { ImageKind } from '@pixtract/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_KINDS } from './results-view';

interface KindFilterProps {
  kinds: readonly ImageKind[];
  /** How many images each unchosen kind keeps out of the grid. */
  hidden: Partial<Record<ImageKind, number>>;
  onChange: (kinds: ImageKind[]) => void;
}

const chipStyle =
  'h-10 rounded-xl border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 aria-pressed:border-blue-600 aria-pressed:bg-blue-600 aria-pressed:text-white border-slate-300 bg-white text-slate-800 hover:bg-slate-100 aria-pressed:hover:bg-blue-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 dark:aria-pressed:border-blue-500 dark:aria-pressed:bg-blue-600';

/** Photos, graphics and icons switched on and off (icons start off), and what the switched-off ones hide. */
export function KindFilter({ kinds, hidden, onChange }: KindFilterProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const toggle = (kind: ImageKind) =>
    onChange(IMAGE_KINDS.filter((each) => (each === kind ? !kinds.includes(kind) : kinds.includes(each))));
  const hiddenKinds = IMAGE_KINDS.filter((kind) => (hidden[kind] ?? 0) > 0);

  return (
    <>
      <div className="flex flex-col gap-1">
        <span id={labelId} className="text-xs font-medium text-slate-600 dark:text-slate-400">
          {t('results.kind')}
        </span>
        <div role="group" aria-labelledby={labelId} className="flex gap-1.5">
          {IMAGE_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              aria-pressed={kinds.includes(kind)}
              onClick={() => toggle(kind)}
              className={chipStyle}
            >
              {t(`results.kinds.${kind}`)}
            </button>
          ))}
        </div>
      </div>
      {hiddenKinds.length > 0 && (
        <p
          role="status"
          className="flex basis-full flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-300"
        >
          {hiddenKinds.map((kind) => (
            <span key={kind} className="inline-flex items-center gap-2">
              <span>{t(`results.kindHidden.${kind}`, { count: hidden[kind] })}</span>
              <button
                type="button"
                onClick={() => toggle(kind)}
                className="font-medium text-blue-700 underline hover:no-underline dark:text-blue-400"
              >
                {t(`results.showKind.${kind}`)}
              </button>
            </span>
          ))}
        </p>
      )}
    </>
  );
}
