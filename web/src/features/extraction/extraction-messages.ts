import { EXTRACTION_WARNING_CODES, type ExtractionResponse, type ExtractionWarning } from '@pixtract/contracts';
import type { TFunction } from 'i18next';
import { resources } from '../../i18n/i18n';

const CATALOGUE: Record<string, string> = resources.en.translation.errors;

/**
 * A server's error in the reader's language when it is the catalogue's message for `code` (or there is no
 * message); a message the server composed (a daily limit with its numbers) or a code we lack stays as sent.
 */
export function catalogueText(t: TFunction, code: string | undefined, message: string | undefined): string | undefined {
  if (!code || !(code in CATALOGUE) || (message !== undefined && message !== CATALOGUE[code])) return message;
  return t(`errors.${code as keyof typeof resources.en.translation.errors}`);
}

/** The page's problem in the reader's language. */
export function pageErrorText(
  t: TFunction,
  result: Pick<ExtractionResponse, 'error' | 'errorCode'>,
): string | undefined {
  return catalogueText(t, result.errorCode, result.error);
}

/**
 * The warnings in the reader's language, one sentence each. `warningDetails[i]` is `warnings[i]` as data; a code
 * this build does not know (a newer server), or a result stored before codes, keeps the server's English.
 */
export function warningsText(t: TFunction, result: Pick<ExtractionResponse, 'warnings' | 'warningDetails'>): string {
  const details = result.warningDetails?.length === result.warnings.length ? result.warningDetails : undefined;
  return result.warnings
    .map((english, index) =>
      details && EXTRACTION_WARNING_CODES.includes(details[index].code) ? warningText(t, details[index]) : english,
    )
    .join(' ');
}

function warningText(t: TFunction, warning: ExtractionWarning): string {
  switch (warning.code) {
    case 'SCROLL_CAPPED':
      return t(`extractionWarnings.SCROLL_CAPPED.${warning.values.cap}`);
    case 'STOPPED_AT_TIME_LIMIT':
      return t('extractionWarnings.STOPPED_AT_TIME_LIMIT');
    default:
      return t(`extractionWarnings.${warning.code}`, warning.values);
  }
}
