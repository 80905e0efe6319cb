import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArchiveSizes } from './picture-sizes';

const ARCHIVE_SIZES: ArchiveSizes[] = ['largest', 'all'];

/** Beside Download All: whether the ZIP takes each picture's largest size only or every size the page offers. */
export function ArchiveSizesSelect({
  value,
  onChange,
}: {
  value: ArchiveSizes;
  onChange: (sizes: ArchiveSizes) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600 dark:text-slate-400">
        {t('results.archiveSizes')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ArchiveSizes)}
        className="h-12 rounded-xl border border-slate-300 bg-white px-3 text-sm focus:outline-2 focus:outline-blue-500/40 dark:border-slate-700 dark:bg-slate-900"
      >
        {ARCHIVE_SIZES.map((sizes) => (
          <option key={sizes} value={sizes}>
            {t(`results.archiveSizesOption.${sizes}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
