import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/alert.component';
import { catalogueText } from './extraction-messages';
import { RetryAddressForm } from './retry-address-form.component';

/**
 * `message` is the server's (or the URL check's) words, in the reader's language when they are the catalogue's
 * for `code`; without a message, the catalogue's general failure. With `url`, the address that failed comes back
 * editable, with Extract beside it: a failure is not a dead end.
 */
export function ExtractionFailed({
  message,
  code,
  url,
  details,
}: {
  message?: string;
  code?: string;
  url?: string;
  /** What the failure's warnings add (how long a page that did not answer was given). */
  details?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-xl">
      <Alert tone="error" title={t('results.failedTitle')}>
        {catalogueText(t, code, message) ?? t('errors.EXTRACTION_FAILED')}
        {details && <p className="mt-1">{details}</p>}
      </Alert>
      {url !== undefined && <RetryAddressForm url={url} />}
    </div>
  );
}
