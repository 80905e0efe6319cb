import { Link } from 'react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { Button, buttonStyles } from '../../ui/button.component';
import { WebAddress } from '../../ui/web-address.component';
import { imageDownloadUrl, imageThumbnailUrl } from '../results/image-links';
import type { LatestResult as Latest } from '../extraction/latest-result.slice';
import { downloadArchive } from '../results/archive-download';
import { savedFileName } from '../results/download-settings';
import { archiveFiles } from '../results/picture-sizes';
import { useDownloadSettings } from '../results/use-download-settings.hook';
import { DEFAULT_RESULT_OPTIONS, visibleItems } from '../results/results-view';

/** The first images shown here; the rest are a click away on the full results. */
const FIRST_IMAGES = 8;

/** A file's name as the list shows it: the last part of its address. */
const fileNameOf = (fileUrl: string): string => {
  try {
    return decodeURIComponent(new URL(fileUrl).pathname.split('/').filter(Boolean).pop() ?? fileUrl);
  } catch {
    return fileUrl;
  }
};

/**
 * The latest result in the try-it area: its first images, DOWNLOAD ALL AS ZIP, the Extracted Images list with
 * Download All (and each image's own download), and the way to the full results.
 */
export function LatestResult({ latest }: { latest: Latest }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const localised = useLocalisedPath();
  const { result } = latest;
  const files = useMemo(() => visibleItems(result.files, DEFAULT_RESULT_OPTIONS).map((item) => item.file), [result]);
  // The Save as and file-name choices made on the results page apply here too.
  const [settings] = useDownloadSettings();
  const downloadAll = () => void dispatch(downloadArchive(archiveFiles(files, 'largest'), result.sourceUrl, settings));

  return (
    <div className="space-y-8" data-testid="latest-result">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-xl font-semibold">{t('tryIt.latestTitle')}</h3>
          <p className="flex text-sm text-slate-600 dark:text-slate-300">
            <WebAddress url={result.sourceUrl} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={downloadAll}>{t('tryIt.downloadZip')}</Button>
          <Link
            to={localised(paths.results(latest.url, latest.extractionId))}
            className={buttonStyles('secondary', 'md')}
          >
            {t('tryIt.fullResults')}
          </Link>
        </div>
      </div>
      <ul aria-label={t('results.gridLabel')} className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {files.slice(0, FIRST_IMAGES).map((file, index) => (
          <li key={file.fileUrl} className="overflow-hidden rounded-2xl border border-slate-200 dark:border-slate-800">
            <img
              src={imageThumbnailUrl(file.fileUrl, result.sourceUrl)}
              alt={file.alt || t('results.imageAlt', { number: index + 1 })}
              loading="lazy"
              decoding="async"
              className="bg-checkerboard aspect-[4/3] w-full bg-slate-100 object-contain [--checker-color:var(--color-slate-200)] dark:bg-slate-800 dark:[--checker-color:rgb(255_255_255/0.04)]"
            />
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="latest-list-title"
        className="rounded-2xl border border-slate-200 dark:border-slate-800"
      >
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <h4 id="latest-list-title" className="font-semibold">
            {t('results.title')}
          </h4>
          <Button variant="secondary" onClick={downloadAll}>
            {t('tryIt.downloadAll')}
          </Button>
        </header>
        <ol className="max-h-72 divide-y divide-slate-200 overflow-y-auto dark:divide-slate-800">
          {files.map((file, index) => (
            <li key={file.fileUrl} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
              <span dir="ltr" className="min-w-0 truncate" title={file.fileUrl}>
                {fileNameOf(file.fileUrl)}
              </span>
              <a
                href={imageDownloadUrl(file, { ...settings, number: index + 1, sourceUrl: result.sourceUrl })}
                download={savedFileName(file, index + 1, settings, result.sourceUrl)}
                aria-label={t('results.downloadLabel', { number: index + 1 })}
                className="shrink-0 font-medium text-blue-700 hover:underline dark:text-blue-400"
              >
                {t('results.download')}
              </a>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
