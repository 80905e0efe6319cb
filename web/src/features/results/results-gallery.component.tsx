import type { ExtractionResponse, Limits } from '@pixtract/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { Button, buttonStyles } from '../../ui/button.component';
import { Pagination } from '../../ui/pagination.component';
import { LabelledSelect } from '../../ui/labelled-select.component';
import { WebAddress } from '../../ui/web-address.component';
import { ImageGrid } from './image-grid.component';
import { imageDownloadUrl } from './image-links';
import { savedFileName } from './download-settings';
import { NamingPatternField } from './naming-pattern-field.component';
import { SaveAsSelect } from './save-as-select.component';
import { useDownloadSettings } from './use-download-settings.hook';
import { noticeShown } from '../notice/notice.slice';
import { downloadArchive } from './archive-download';
import { ImageDialog } from './image-dialog.component';
import { LoadFailures } from './load-failures.component';
import { ARCHIVE_SIZES, archiveFiles, type ArchiveSizes } from './picture-sizes';
import { useImageLoading } from './use-image-loading.hook';
import { ResultsToolbar } from './results-toolbar.component';
import {
  DEFAULT_RESULT_OPTIONS,
  fileTypesIn,
  hiddenByKind,
  pageCount,
  pageOf,
  RESULTS_PAGE_SIZE,
  visibleItems,
  type GalleryFile,
  type ResultItem,
  type ResultOptions,
} from './results-view';
import { useSelection } from './use-selection.hook';

/** A crawl's ZIP puts every file in one folder, or each page's files in a folder of that page. */
const ARCHIVE_LAYOUTS = ['flat', 'folders'] as const;
type ArchiveLayout = (typeof ARCHIVE_LAYOUTS)[number];

/** A crawl's part in its gallery: the pages for the Page filter, and the crawl's own ZIP. */
export interface CrawlGallery {
  crawlId: string;
  pages: string[];
}

interface ResultsGalleryProps {
  /** A crawl has no limits until its first page is charged. */
  result: Pick<ExtractionResponse, 'sourceUrl'> & { files: GalleryFile[]; limits?: Limits };
  crawl?: CrawlGallery;
}

/**
 * The images of an extraction or a crawl: toolbar, grid in pages of 48, preview dialog, whole or partial ZIP. A
 * crawl's files stream in as its pages finish; a file keeps its place in the list, so selection survives them.
 */
export function ResultsGallery({ result, crawl }: ResultsGalleryProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const localised = useLocalisedPath();
  const [options, setOptions] = useState<ResultOptions>(DEFAULT_RESULT_OPTIONS);
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<{ file: GalleryFile; number: number } | null>(null);
  const [settings, changeSettings] = useDownloadSettings();
  const [archiveSizes, setArchiveSizes] = useState<ArchiveSizes>('largest');
  const [archiveLayout, setArchiveLayout] = useState<ArchiveLayout>('flat');
  const selection = useSelection();

  const items = useMemo(() => visibleItems(result.files, options), [result.files, options]);
  const fileTypes = useMemo(() => fileTypesIn(result.files), [result.files]);
  const hiddenKinds = useMemo(() => hiddenByKind(result.files, options), [result.files, options]);
  const offersSizes = useMemo(() => result.files.some((file) => file.variants?.length), [result.files]);
  const pages = pageCount(items.length);
  const current = Math.min(page, pages);
  const shown = pageOf(items, current);
  const firstNumber = (current - 1) * RESULTS_PAGE_SIZE + 1;
  const loading = useImageLoading(
    shown.map((item) => item.file.fileUrl),
    result.sourceUrl,
  );
  const failed = shown
    .map((item, offset) => ({ item, number: firstNumber + offset }))
    .filter(({ item }) => loading.statusOf(item.file.fileUrl) === 'failed');
  // The header counts the images a visitor can see: those that could not be loaded are left out (and listed).
  const displayedCount = items.length - failed.length;
  const order = useMemo(() => items.map((item) => item.index), [items]);
  const limits = result.limits;
  // The quota counts distinct images: repeats ride along flagged as duplicates.
  const distinctCount = useMemo(() => result.files.filter((file) => !file.duplicate).length, [result.files]);

  const changeOptions = (change: Partial<ResultOptions>) => {
    setOptions((before) => ({ ...before, ...change }));
    setPage(1);
  };
  /** The files shown (Download All) or selected, as one ZIP; a crawl's flat or with a folder per page. */
  const download = (files: ResultItem[]) => {
    if (files.length === 0) {
      dispatch(noticeShown({ title: 'errors.NO_IMAGES_TO_DOWNLOAD', tone: 'error' }));
      return;
    }
    void dispatch(
      downloadArchive(
        archiveFiles(
          files.map((item) => item.file),
          archiveSizes,
        ),
        result.sourceUrl,
        settings,
        crawl && {
          crawlId: crawl.crawlId,
          folders: archiveLayout === 'folders',
          ...(options.page && { pageUrl: options.page }),
        },
      ),
    );
  };
  const goTo = (next: number) => {
    setPage(next);
    document.getElementById('results-top')?.scrollIntoView({ behavior: 'smooth' });
  };

  return (
    <section className="space-y-6" aria-labelledby="results-title">
      <header id="results-top" className="flex scroll-mt-20 flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 id="results-title" className="text-2xl font-bold sm:text-3xl">
            {t('results.title')}
          </h1>
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
            <a
              href={result.sourceUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="flex max-w-full min-w-0 font-medium text-blue-700 hover:underline dark:text-blue-400"
            >
              <WebAddress url={result.sourceUrl} />
            </a>
            <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold tabular-nums text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {t('results.count', { count: displayedCount })}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          {offersSizes && (
            <LabelledSelect
              label={t('results.archiveSizes')}
              value={archiveSizes}
              options={ARCHIVE_SIZES.map((sizes) => ({
                value: sizes,
                label: t(`results.archiveSizesOption.${sizes}`),
              }))}
              onChange={setArchiveSizes}
            />
          )}
          {crawl && (
            <LabelledSelect
              label={t('results.archiveLayout')}
              value={archiveLayout}
              options={ARCHIVE_LAYOUTS.map((layout) => ({
                value: layout,
                label: t(`results.archiveLayoutOption.${layout}`),
              }))}
              onChange={setArchiveLayout}
            />
          )}
          <SaveAsSelect value={settings.format} onChange={(format) => changeSettings({ format })} />
          <Button size="lg" onClick={() => download(items)}>
            {t('results.downloadAll')}
          </Button>
        </div>
      </header>

      {limits?.limitApplied && (
        <div
          role="note"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
        >
          <p>{t('results.limited', { shown: distinctCount, found: limits.totalImagesFound ?? distinctCount })}</p>
          <Link to={localised(paths.pricing)} className={buttonStyles('primary', 'md')}>
            {t('results.upgradePlan')}
          </Link>
        </div>
      )}

      {/* From 640 px up: on a phone the first images come first, and files keep the pattern chosen before. */}
      {items.length > 0 && (
        <div className="hidden sm:block">
          <NamingPatternField
            value={settings.naming}
            onChange={(naming) => changeSettings({ naming })}
            example={(naming) => savedFileName(items[0].file, 1, { ...settings, naming }, result.sourceUrl)}
          />
        </div>
      )}

      <ResultsToolbar
        options={options}
        fileTypes={fileTypes}
        hiddenKinds={hiddenKinds}
        onChange={changeOptions}
        pages={crawl?.pages}
      />

      {selection.selected.size > 0 && (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-blue-200 bg-blue-50 px-4 py-2 text-sm dark:border-blue-900 dark:bg-blue-950/50">
          <span className="font-medium">{t('results.selectedCount', { count: selection.selected.size })}</span>
          <Button onClick={() => download(items.filter((item) => selection.selected.has(item.index)))}>
            {t('results.downloadSelected')}
          </Button>
          <Button variant="ghost" onClick={selection.clear}>
            {t('results.clearSelection')}
          </Button>
        </div>
      )}

      <LoadFailures failed={failed} onPage={shown.length} />

      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {t('results.noneMatch')}
        </p>
      ) : (
        <ImageGrid
          items={shown}
          firstNumber={firstNumber}
          loading={loading}
          selected={selection.selected}
          downloadHrefOf={(item, number) =>
            imageDownloadUrl(item.file, { ...settings, number, sourceUrl: result.sourceUrl })
          }
          onOpen={(item, number) => setPreview({ file: item.file, number })}
          onToggleSelected={(index, extend) => selection.toggle(index, extend, order)}
        />
      )}
      <Pagination page={current} pages={pages} onPage={goTo} />
      <ImageDialog
        preview={preview}
        items={items}
        onShow={setPreview}
        sourceUrl={options.page || preview?.file.pageUrls?.[0] || result.sourceUrl}
        settings={settings}
        onSettingsChange={changeSettings}
        onClose={() => setPreview(null)}
      />
    </section>
  );
}
