import type { ExtractedFile } from '@pixtract/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The images the worker found so far, shown while it measures them; the full gallery (sizes, sorting,
 * downloads) replaces this on completion. An image that does not load directly is simply left out.
 */
export function ExtractionPreview({ files }: { files: ExtractedFile[] }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const shown = files.filter((file) => !failed.has(file.fileUrl));
  if (shown.length === 0) return null;
  return (
    <section className="mt-8">
      <h2 className="mb-3 text-sm font-semibold text-slate-600 dark:text-slate-400">{t('extraction.previewLabel')}</h2>
      <ul
        aria-label={t('extraction.previewLabel')}
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
      >
        {shown.map((file) => (
          <li
            key={file.fileUrl}
            className="bg-checkerboard aspect-square overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800"
          >
            <img
              src={file.fileUrl}
              alt={file.alt ?? ''}
              loading="lazy"
              referrerPolicy="no-referrer"
              className="size-full object-contain"
              onError={() => setFailed((previous) => new Set(previous).add(file.fileUrl))}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
