import type { ExtractedFile } from '@pixtract/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.component';
import { Spinner } from '../../ui/spinner.component';
import { pageScreenshotUrl } from './image-links';
import { boxInScreenshot, useGetScreenshotBoxesQuery } from './screenshot.api';

interface PageScreenshotProps {
  pageUrl: string;
  /** The image to outline: at its extraction's box, else where the screenshot's own render found it. */
  file: Pick<ExtractedFile, 'fileUrl' | 'variants' | 'box'>;
}

type ScreenshotState = 'loading' | 'captured' | 'failed';

/** The page's full screenshot with the image's place outlined; failure offers Try Again. */
export function PageScreenshot({ pageUrl, file }: PageScreenshotProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<ScreenshotState>('loading');
  const [attempt, setAttempt] = useState(0);
  const [pageWidth, setPageWidth] = useState(0);
  // Images read without a browser (the static path) have no box of their own: the screenshot's render knows it.
  const rendered = useGetScreenshotBoxesQuery(pageUrl, { skip: Boolean(file.box) || state !== 'captured' });
  const box = file.box ?? (rendered.data && boxInScreenshot(file, rendered.data.boxes));
  const placeUnknown = !box && (rendered.isSuccess || rendered.isError);

  if (state === 'failed') {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
        <p className="font-semibold">{t('dialog.screenshotFailedTitle')}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('errors.SCREENSHOT_FAILED')}</p>
        <Button
          variant="secondary"
          onClick={() => {
            setState('loading');
            setAttempt(attempt + 1);
          }}
        >
          {t('dialog.tryAgain')}
        </Button>
      </div>
    );
  }

  // The screenshot is as wide as the page it shows (its height may be cut), so the box scales with the width:
  // in container-width units (cqw) of the wrapper below.
  const toWidthUnits = (pixels: number) => `${(pixels / pageWidth) * 100}cqw`;
  const outline =
    box && pageWidth > 0
      ? {
          left: toWidthUnits(box.x),
          top: toWidthUnits(box.y),
          width: toWidthUnits(box.width),
          height: toWidthUnits(box.height),
        }
      : undefined;

  return (
    <div className="relative">
      {state === 'loading' && (
        <div className="flex flex-col items-center gap-3 p-8 text-sm text-slate-600 dark:text-slate-300">
          <Spinner label={t('dialog.screenshotLoading')} />
          <span aria-hidden>{t('dialog.screenshotLoading')}</span>
        </div>
      )}
      {/* Images with no place on the page (social previews, icons) or below the screenshot's cut. */}
      {state === 'captured' && placeUnknown && (
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">{t('dialog.positionUnknown')}</p>
      )}
      <div className={`relative [container-type:inline-size] ${state === 'captured' ? '' : 'sr-only'}`}>
        <img
          key={attempt}
          src={`${pageScreenshotUrl(pageUrl)}${attempt ? `&attempt=${attempt}` : ''}`}
          alt={t('dialog.screenshotAlt')}
          onLoad={(event) => {
            setPageWidth(event.currentTarget.naturalWidth);
            setState('captured');
          }}
          onError={() => setState('failed')}
          className="w-full rounded-lg border border-slate-200 dark:border-slate-700"
        />
        {state === 'captured' && outline && (
          <div
            data-testid="image-outline"
            aria-hidden
            className="pointer-events-none absolute rounded-sm outline-3 outline-offset-2 outline-red-500 bg-red-500/15"
            style={outline}
          />
        )}
      </div>
    </div>
  );
}
