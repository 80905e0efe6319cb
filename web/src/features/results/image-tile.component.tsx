import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/number-format';
import { useLanguage } from '../../router/use-language.hook';
import { FoundOn } from './found-on.component';
import { ImageDimensions } from './image-dimensions.component';
import type { GalleryFile } from './results-view';
import type { ImageLoadStatus } from './use-image-loading.hook';

interface ImageTileProps {
  file: GalleryFile;
  /** 1-based place in the list shown. */
  number: number;
  src: string | undefined;
  status: ImageLoadStatus;
  selected: boolean;
  /** The proxy's download of this picture in the chosen format and name. */
  downloadHref: string;
  onLoad: () => void;
  onError: () => void;
  onOpen: () => void;
  onToggleSelected: (extend: boolean) => void;
}

export function ImageTile({
  file,
  number,
  src,
  status,
  selected,
  downloadHref,
  onLoad,
  onError,
  onOpen,
  onToggleSelected,
}: ImageTileProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const alt = file.alt?.trim();

  return (
    // The seed hides images that failed to load (the gallery says how many, and lists them); the element stays so a
    // late answer can still show it.
    <li
      hidden={status === 'failed'}
      data-status={status}
      className={`group relative overflow-hidden rounded-2xl border bg-white shadow-sm dark:bg-slate-900 ${
        selected ? 'border-blue-600 ring-2 ring-blue-600' : 'border-slate-200 dark:border-slate-800'
      }`}
    >
      <div className="bg-checkerboard relative flex aspect-square items-center justify-center bg-slate-100 [--checker-color:var(--color-slate-200)] dark:bg-slate-800 dark:[--checker-color:rgb(255_255_255/0.05)]">
        <button
          type="button"
          onClick={onOpen}
          aria-label={t('results.openLabel', { number })}
          className="absolute inset-0 cursor-zoom-in focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-blue-600 dark:focus-visible:outline-blue-400"
        />
        {src && (
          <img
            src={src}
            alt={alt || t('results.imageAlt', { number })}
            decoding="async"
            onLoad={onLoad}
            onError={onError}
            className="pointer-events-none relative max-h-full max-w-full object-contain"
          />
        )}
        <span className="pointer-events-none absolute start-2 top-2 rounded-md bg-slate-900/75 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
          {formatNumber(number, language)}
        </span>
        {/* Always shown (not only on hover or focus), so selecting is there to be found by eye and by keyboard. */}
        <label className="absolute end-2 top-2 flex size-8 cursor-pointer items-center justify-center rounded-md bg-white/90 shadow has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600 dark:bg-slate-900/90 dark:has-focus-visible:outline-blue-400">
          <input
            type="checkbox"
            checked={selected}
            onChange={() => undefined}
            onClick={(event: MouseEvent<HTMLInputElement>) => onToggleSelected(event.shiftKey)}
            aria-label={t('results.selectLabel', { number })}
            className="size-4 accent-blue-600 focus-visible:outline-none"
          />
        </label>
        <a
          href={downloadHref}
          download
          aria-label={t('results.downloadLabel', { number })}
          className="absolute end-2 bottom-2 rounded-lg bg-blue-600 px-3 py-1.5 text-sm font-semibold text-white opacity-0 shadow transition-opacity group-hover:opacity-100 hover:bg-blue-700 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white pointer-coarse:opacity-100"
        >
          {t('results.download')}
        </a>
      </div>
      <div className="space-y-0.5 px-3 py-2.5 text-sm">
        <p className={`truncate ${alt ? '' : 'text-slate-500 italic dark:text-slate-400'}`} title={alt}>
          {alt || t('results.noAlt')}
        </p>
        <p className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
          <ImageDimensions width={file.width} height={file.height} />
        </p>
        {file.pageUrls && <FoundOn pageUrls={file.pageUrls} />}
      </div>
    </li>
  );
}
