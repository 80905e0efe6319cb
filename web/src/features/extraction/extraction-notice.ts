import { ErrorCode, NEAR_LIMIT_SHARE, type ExtractionResponse, type Limits } from '@pixtract/contracts';
import type { TFunction } from 'i18next';
import type { Notice } from '../notice/notice.slice';
import { catalogueText, pageErrorText, warningsText } from './extraction-messages';
import type { ExtractionState } from './use-extraction.hook';

/** The seed's wording after "You've reached your daily limit": by who the visitor is. */
function dailyLimitNotice(limits: Limits): Notice {
  const description =
    limits.role === 'free'
      ? 'notices.dailyLimitFree'
      : limits.role === 'registered'
        ? 'notices.dailyLimitRegistered'
        : 'notices.dailyLimitOther';
  return { title: 'notices.dailyLimitTitle', description, values: { total: limits.total }, tone: 'error' };
}

function completedNotice(result: ExtractionResponse, t: TFunction): Notice {
  const { limits } = result;
  // As the gallery counts them: repeats of an image ride along flagged, hidden and uncharged.
  const distinct = result.files.filter((file) => !file.duplicate).length;
  // Nothing found because the page could not be read is the failure the page shows, in the same words.
  if (result.error && result.files.length === 0)
    return { title: 'notices.extractionFailedTitle', text: pageErrorText(t, result), tone: 'error' };
  if (result.error) return { title: 'results.issueTitle', text: pageErrorText(t, result), tone: 'error' };
  if (limits.remaining === 0) return dailyLimitNotice(limits);
  if (result.files.length === 0)
    return { title: 'notices.noImagesTitle', description: 'results.emptyBody', tone: 'warning' };
  if (limits.remaining <= limits.total * NEAR_LIMIT_SHARE) {
    return {
      title: 'notices.approachingTitle',
      description: 'notices.approachingText',
      values: { remaining: limits.remaining, used: limits.used },
      tone: 'warning',
    };
  }
  if (result.warnings.length > 0)
    return { title: 'results.warningTitle', text: warningsText(t, result), tone: 'warning' };
  return {
    title: 'notices.extractedTitle',
    description: 'notices.extractedText',
    values: { count: distinct, source: result.sourceUrl },
    tone: 'success',
  };
}

/**
 * The one toast an extraction's outcome earns, most important first (one toast at a time): the page's problem (a
 * failure when it left nothing),
 * the quota, nothing found, the quota nearly used, warnings, success. Nothing while it runs. The page's problem
 * and the warnings are worded with `t` from their codes (the server sends their English).
 */
export function extractionNotice(state: ExtractionState, t: TFunction): Notice | null {
  switch (state.kind) {
    case 'running':
      return null;
    case 'completed':
      return completedNotice(state.result, t);
    case 'failed':
      if (state.code === ErrorCode.DailyLimitReached && state.limits) return dailyLimitNotice(state.limits);
      // The failure box's own words (the reason, when the server gave one), not a second, vaguer sentence.
      return {
        title: 'notices.extractionFailedTitle',
        text: catalogueText(t, state.code, state.message) ?? t('errors.EXTRACTION_FAILED'),
        tone: 'error',
      };
  }
}
