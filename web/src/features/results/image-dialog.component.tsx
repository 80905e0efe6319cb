import { Dialog, Tabs } from 'radix-ui';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../ui/button.component';
import { Modal } from '../../ui/modal.component';
import { tabListStyles, tabStyles } from '../../ui/tabs.styles';
import { formatNumber } from '../../i18n/number-format';
import { textDirection } from '../../i18n/languages';
import { useLanguage } from '../../router/use-language.hook';
import { imageDownloadUrl, imageFileName, imagePngUrl, imageThumbnailUrl } from './image-links';
import { CopyImageButton } from './copy-image-button.component';
import { keepsFirstFrameOnly, savedFileName, type DownloadSettings } from './download-settings';
import { SaveAsSelect } from './save-as-select.component';
import { fileTypeOf, type GalleryFile, type ResultItem } from './results-view';
import { pageLabel } from './page-label';
import { ImageDimensions } from './image-dimensions.component';
import { OtherSizes } from './other-sizes.component';
import { otherSizes } from './picture-sizes';
import { PageScreenshot } from './page-screenshot.component';

/** The picture shown and its number in the list (its place in the gallery's `items`, from 1). */
export interface Preview {
  file: GalleryFile;
  number: number;
}

interface ImageDialogProps {
  preview: Preview | null;
  /** The images the gallery lists (every page, in its order): Previous and Next walk them. */
  items: ResultItem[];
  onShow: (preview: Preview) => void;
  /** The page the file was found on (a crawl's file: the page chosen in the filter, else the first it was on). */
  sourceUrl: string;
  settings: DownloadSettings;
  onSettingsChange: (change: Partial<DownloadSettings>) => void;
  onClose: () => void;
}

type DialogBodyProps = Omit<ImageDialogProps, 'preview' | 'items' | 'onShow' | 'onClose'> & Preview & { total: number };

/**
 * The seed's preview: tabs Individual Image and Full Page Screenshot, with Download and Open in New Window. Titled
 * with the image's alt text or file name and its place in the list; Previous and Next (buttons, or the arrow keys,
 * which follow the reading direction) walk the gallery's images. It opens with focus on itself, so the arrows
 * work at once; Tab reaches the tabs, where the arrows move between tabs.
 */
export function ImageDialog({ preview, items, onShow, onClose, ...rest }: ImageDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const number = preview?.number ?? 0;
  const previous = number > 1 ? { file: items[number - 2].file, number: number - 1 } : undefined;
  const next = preview && number < items.length ? { file: items[number].file, number: number + 1 } : undefined;
  const step = (event: KeyboardEvent) => {
    // Arrow keys inside the tabs move between the tabs (Radix), not between images.
    if (event.defaultPrevented || (event.target as HTMLElement).closest('[role=tablist]')) return;
    const forward = textDirection(language) === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
    const target = event.key === forward ? next : event.key === back ? previous : undefined;
    if (!target) return;
    event.preventDefault();
    onShow(target);
  };
  return (
    <Modal
      open={preview !== null}
      onClose={onClose}
      onKeyDown={step}
      openFocus="dialog"
      className="inset-x-2 top-[5vh] flex max-h-[90vh] max-w-4xl flex-col overflow-hidden sm:inset-x-6"
    >
      {preview && (
        <>
          <DialogBody key={preview.file.fileUrl} {...preview} total={items.length} {...rest} />
          {/* aria-disabled, not disabled: the button at either end keeps focus when it gets there. */}
          <nav
            aria-label={t('dialog.tabsLabel')}
            className="flex justify-between gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800"
          >
            <button
              type="button"
              aria-disabled={!previous}
              onClick={() => previous && onShow(previous)}
              className={buttonStyles('secondary', 'md', 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60')}
            >
              <span aria-hidden className="inline-block rtl:-scale-x-100">
                ←
              </span>
              {t('dialog.previous')}
            </button>
            <span className="self-center text-sm text-slate-600 tabular-nums dark:text-slate-400" aria-hidden>
              {formatNumber(number, language)} / {formatNumber(items.length, language)}
            </span>
            <button
              type="button"
              aria-disabled={!next}
              onClick={() => next && onShow(next)}
              className={buttonStyles('secondary', 'md', 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60')}
            >
              {t('dialog.next')}
              <span aria-hidden className="inline-block rtl:-scale-x-100">
                →
              </span>
            </button>
          </nav>
        </>
      )}
    </Modal>
  );
}

function DialogBody({ file, number, total, sourceUrl, settings, onSettingsChange }: DialogBodyProps) {
  const { t } = useTranslation();
  const download = { ...settings, number, sourceUrl };
  const [failed, setFailed] = useState(false);
  const [proxied, setProxied] = useState(false);
  const type = fileTypeOf(file);
  const sizes = otherSizes(file);

  return (
    <>
      <div className="border-b border-slate-200 px-5 pt-4 pb-3 pe-14 dark:border-slate-800">
        <Dialog.Title className="min-w-0">
          <span className="block text-xs font-medium text-slate-600 dark:text-slate-400">{t('dialog.title')}</span>{' '}
          <span className="block truncate text-lg font-semibold">
            {file.alt?.trim() || imageFileName(file.fileUrl)}
          </span>
        </Dialog.Title>
        <Dialog.Description className="text-sm text-slate-600 dark:text-slate-400">
          {t('dialog.position', { number, total })}
        </Dialog.Description>
      </div>
      <Tabs.Root defaultValue="image" className="flex min-h-0 flex-1 flex-col">
        <Tabs.List aria-label={t('dialog.tabsLabel')} className={tabListStyles(false, 'mx-5 mt-3')}>
          <Tabs.Trigger value="image" className={tabStyles()}>
            {t('dialog.imageTab')}
          </Tabs.Trigger>
          <Tabs.Trigger value="fullpage" className={tabStyles()}>
            {t('dialog.fullPageTab')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="image" className="min-h-0 flex-1 overflow-auto p-5">
          <div className="bg-checkerboard flex min-h-48 items-center justify-center rounded-xl bg-slate-100 [--checker-color:var(--color-slate-200)] dark:bg-slate-800 dark:[--checker-color:rgb(255_255_255/0.05)]">
            {failed ? (
              <p className="p-8 text-slate-600 dark:text-slate-300">{t('dialog.imageFailed')}</p>
            ) : (
              <img
                src={proxied ? imageThumbnailUrl(file.fileUrl, sourceUrl) : file.fileUrl}
                alt={file.alt?.trim() || t('dialog.title')}
                onError={() => (proxied ? setFailed(true) : setProxied(true))}
                className="max-h-[50vh] max-w-full object-contain"
              />
            )}
          </div>
          <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{t('dialog.dimensions')}</dt>
            <dd>
              <ImageDimensions width={file.width} height={file.height} />
            </dd>
            <dt className="font-medium text-slate-600 dark:text-slate-400">{t('dialog.fileType')}</dt>
            <dd>{type ? type.toUpperCase() : t('dialog.unknownType')}</dd>
            {sizes.length > 0 && (
              <>
                <dt className="font-medium text-slate-600 dark:text-slate-400">{t('dialog.otherSizes')}</dt>
                <dd>
                  <OtherSizes
                    sizes={sizes}
                    hrefOf={(variant) => imageDownloadUrl({ ...variant, alt: file.alt }, download)}
                  />
                </dd>
              </>
            )}
            {file.pageUrls && file.pageUrls.length > 0 && (
              <>
                <dt className="font-medium text-slate-600 dark:text-slate-400">
                  {t('dialog.foundOn', { count: file.pageUrls.length })}
                </dt>
                <dd className="min-w-0">
                  <ul className="max-h-32 space-y-0.5 overflow-y-auto">
                    {file.pageUrls.map((pageUrl) => (
                      <li key={pageUrl} className="truncate">
                        <a
                          href={pageUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          dir="ltr"
                          className="text-blue-700 hover:underline dark:text-blue-400"
                        >
                          {pageLabel(pageUrl)}
                        </a>
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
            <dt className="font-medium text-slate-600 dark:text-slate-400">{t('dialog.sourceUrl')}</dt>
            <dd className="min-w-0 break-all">
              <a
                href={file.fileUrl}
                target="_blank"
                rel="noopener noreferrer"
                dir="ltr"
                className="text-blue-700 hover:underline dark:text-blue-400"
              >
                {file.fileUrl}
              </a>
            </dd>
          </dl>
        </Tabs.Content>
        <Tabs.Content value="fullpage" className="min-h-0 flex-1 overflow-auto p-5">
          {/* Radix mounts only the open tab's content: the screenshot is asked for when this tab is opened. */}
          <PageScreenshot pageUrl={sourceUrl} file={file} />
        </Tabs.Content>
      </Tabs.Root>
      <div className="space-y-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
        {keepsFirstFrameOnly(file, settings.format) && (
          <p role="note" className="text-sm text-amber-800 dark:text-amber-200">
            {t('dialog.firstFrameOnly')}
          </p>
        )}
        <div className="flex flex-wrap items-end justify-end gap-2">
          <SaveAsSelect
            value={settings.format}
            onChange={(format) => onSettingsChange({ format })}
            size="md"
            className="me-auto"
          />
          <CopyImageButton pngUrl={imagePngUrl(file.fileUrl, sourceUrl)} />
          <a href={file.fileUrl} target="_blank" rel="noopener noreferrer" className={buttonStyles('secondary', 'md')}>
            {t('dialog.openInNewWindow')}
          </a>
          <a
            href={imageDownloadUrl(file, download)}
            download={savedFileName(file, number, settings, sourceUrl)}
            className={buttonStyles('primary', 'md')}
          >
            {t('results.download')}
          </a>
        </div>
      </div>
    </>
  );
}
