import type { ExtractionProgress as Progress } from '@pixtract/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatByteSize, formatSeconds } from '../../i18n/number-format';
import { useLanguage } from '../../router/use-language.hook';
import { Card } from '../../ui/card.component';
import { ProgressBar } from '../../ui/progress-bar.component';

/** The seed's waiting rhythm: a new quote every 20 s, the dots cycle every 500 ms. */
const QUOTE_ROTATION_MS = 20_000;
const DOTS_STEP_MS = 500;
const CLOCK_STEP_MS = 1000;
const QUOTES = ['extraction.quote1', 'extraction.quote2', 'extraction.quote3', 'extraction.quote4'] as const;

function useTicker(intervalMs: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((value) => value + 1), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return tick;
}

/**
 * Time since the worker took the job: its last `elapsedMs`, counted on by this page's clock between events (a
 * slow page sends few); before any, the time this page has waited.
 */
function useElapsedMs(reported: number | undefined): number {
  const [shown, setShown] = useState({ reported, elapsedMs: reported ?? 0 });
  // A new report shows at once (state adjusted while rendering, as React advises for values derived from props).
  if (shown.reported !== reported) setShown({ reported, elapsedMs: reported ?? shown.elapsedMs });
  useEffect(() => {
    const since = Date.now();
    const base = reported ?? 0;
    const timer = setInterval(() => setShown({ reported, elapsedMs: base + (Date.now() - since) }), CLOCK_STEP_MS);
    return () => clearInterval(timer);
  }, [reported]);
  return shown.elapsedMs;
}

interface ExtractionProgressProps {
  progress: Progress;
  url: string;
}

/**
 * Where the running extraction is, exactly as the worker last reported it (no simulated advance), with the time
 * it has taken and the bytes received: a slow page visibly moves while it loads.
 */
export function ExtractionProgress({ progress, url }: ExtractionProgressProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const elapsed = formatSeconds(useElapsedMs(progress.elapsedMs), language);
  const stage = t(`extraction.stage.${progress.stage}`);
  const percent = Math.round(progress.percent);
  const quote = QUOTES[useTicker(QUOTE_ROTATION_MS) % QUOTES.length];
  const dots = '.'.repeat((useTicker(DOTS_STEP_MS) % 3) + 1);
  // What the worker pressed on the page to reach its images (a consent wall, Load more), as it happened.
  const revealed = [
    ...(progress.revealed?.consentAccepted ? [t('extraction.consentAccepted')] : []),
    ...(progress.revealed?.loadMorePresses
      ? [t('extraction.loadMorePressed', { count: progress.revealed.loadMorePresses })]
      : []),
  ];

  return (
    <Card className="mx-auto w-full max-w-xl p-6 sm:p-8">
      <h1 className="text-xl font-bold sm:text-2xl">{t('extraction.extracting')}</h1>
      <p dir="ltr" className="mt-1 truncate text-sm text-slate-600 dark:text-slate-400" title={url}>
        {url}
      </p>
      <div className="mt-6">
        <ProgressBar
          percent={percent}
          label={t('extraction.progressLabel')}
          valueText={t('extraction.progressValue', { stage, percent })}
        />
      </div>
      <div className="mt-3 flex items-center justify-between gap-4 text-sm">
        <span className="font-medium text-blue-700 dark:text-blue-400">
          <span>{stage}</span>
          <span aria-hidden className="inline-block w-4 text-start">
            {dots}
          </span>
        </span>
        <span className="tabular-nums text-slate-600 dark:text-slate-300">{t('extraction.percent', { percent })}</span>
      </div>
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 tabular-nums dark:text-slate-300">
        <span>{t('extraction.imagesFound', { count: progress.imagesFound })}</span>
        <span data-testid="extraction-elapsed">{t('extraction.elapsed', { time: elapsed })}</span>
        {progress.bytesReceived !== undefined && (
          <span data-testid="extraction-received">
            {t('extraction.received', { size: formatByteSize(progress.bytesReceived, language) })}
          </span>
        )}
      </p>
      {revealed.length > 0 && (
        <p data-testid="extraction-revealed" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {revealed.join(' · ')}
        </p>
      )}
      <blockquote className="mt-6 border-s-4 border-blue-200 ps-4 text-sm text-slate-600 italic dark:border-blue-900 dark:text-slate-400">
        {t(quote)}
      </blockquote>
    </Card>
  );
}
