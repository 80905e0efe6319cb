import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DEFAULT_RESULT_OPTIONS, visibleItems } from '../results/results-view';
import { catalogueText, pageErrorText } from './extraction-messages';
import type { ExtractionSight } from './use-extraction.hook';

/**
 * What a screen reader hears while an extraction runs: each stage as it starts, then how it ended — the number of
 * images the gallery shows, or the failure. A polite live region, mounted before the first stage, so each change is
 * read once the reader is idle; the percent stays on the progress bar, where it is asked for rather than told.
 */
export function ExtractionAnnouncer({ state }: { state: ExtractionSight['state'] }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="sr-only" data-testid="extraction-announcement">
      {announcement(state, t)}
    </p>
  );
}

export function announcement(state: ExtractionSight['state'], t: TFunction): string {
  switch (state.kind) {
    case 'running':
      return t(`extraction.stage.${state.progress.stage}`);
    case 'failed':
      return t('extraction.announceFailed', {
        message: catalogueText(t, state.code, state.message) ?? t('errors.EXTRACTION_FAILED'),
      });
    case 'completed': {
      const { result } = state;
      const problem = pageErrorText(t, result);
      if (result.files.length === 0 && problem) return t('extraction.announceFailed', { message: problem });
      const done = t('extraction.announceDone', { count: visibleItems(result.files, DEFAULT_RESULT_OPTIONS).length });
      return problem ? `${done}. ${problem}` : done;
    }
  }
}
