import type { ExtractedFile } from '@pixtract/contracts';
import { Dialog, Tabs } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../ui/button.component';
import { imageDownloadUrl, imageThumbnailUrl } from '../extraction/image-links';
import { fileTypeOf } from './results-view';
import { PageScreenshot } from './page-screenshot.component';

interface ImageDialogProps {
  file: ExtractedFile | null;
  sourceUrl: string;
  onClose: () => void;
}

type DialogTab = 'image' | 'fullpage';

/** The seed's preview: tabs Individual Image and Full Page Screenshot, with Download and Open in New Window. */
export function ImageDialog({ file, sourceUrl, onClose }: ImageDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={file !== null} onOpenChange={(open) => open || onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-x-2 top-[5vh] z-50 mx-auto flex max-h-[90vh] max-w-4xl flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl focus:outline-none sm:inset-x-6 dark:border-slate-800 dark:bg-slate-900">
          {file && <DialogBody key={file.fileUrl} file={file} sourceUrl={sourceUrl} />}
          <Dialog.Close aria-label={t('dialog.close')} className="absolute end-3 top-3 rounded-lg px-2.5 py-1 text-lg text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DialogBody({ file, sourceUrl }: { file: ExtractedFile; sourceUrl: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<DialogTab>('image');
  const [failed, setFailed] = useState(false);
  const [proxied, setProxied] = useState(false);
  const type = fileTypeOf(file);
  const tabStyle =
    'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow dark:text-slate-300 dark:data-[state=active]:bg-slate-700 dark:data-[state=active]:text-white';

  return (
    <>
      <div className="border-b border-slate-200 px-5 pt-4 pb-3 pe-14 dark:border-slate-800">
        <Dialog.Title className="text-lg font-semibold">{t('dialog.title')}</Dialog.Title>
        <Dialog.Description className="truncate text-sm text-slate-600 dark:text-slate-400">{file.alt?.trim() || t('results.noAlt')}</Dialog.Description>
      </div>
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as DialogTab)} className="flex min-h-0 flex-1 flex-col">
        <Tabs.List aria-label={t('dialog.tabsLabel')} className="mx-5 mt-3 inline-flex w-fit gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
          <Tabs.Trigger value="image" className={tabStyle}>
            {t('dialog.imageTab')}
          </Tabs.Trigger>
          <Tabs.Trigger value="fullpage" className={tabStyle}>
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
              {file.width && file.height ? <span dir="ltr">{t('results.dimensions', { width: file.width, height: file.height })}</span> : t('results.dimensionsUnknown')}
            </dd>
            <dt className="font-medium text-slate-600 dark:text-slate-400">{t('dialog.fileType')}</dt>
            <dd>{type ? type.toUpperCase() : t('dialog.unknownType')}</dd>
            <dt className="font-medium text-slate-600 dark:text-slate-400">{t('dialog.sourceUrl')}</dt>
            <dd className="min-w-0 break-all">
              <a href={file.fileUrl} target="_blank" rel="noopener noreferrer" className="text-blue-700 hover:underline dark:text-blue-400">
                {file.fileUrl}
              </a>
            </dd>
          </dl>
        </Tabs.Content>
        <Tabs.Content value="fullpage" className="min-h-0 flex-1 overflow-auto p-5">
          {tab === 'fullpage' && <PageScreenshot pageUrl={sourceUrl} file={file} />}
        </Tabs.Content>
      </Tabs.Root>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
        <a href={file.fileUrl} target="_blank" rel="noopener noreferrer" className={buttonStyles('secondary', 'md')}>
          {t('dialog.openInNewWindow')}
        </a>
        <a href={imageDownloadUrl(file.fileUrl)} download className={buttonStyles('primary', 'md')}>
          {t('results.download')}
        </a>
      </div>
    </>
  );
}
