import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/alert.component';

/** `message` is the server's (or the URL check's) words; without one, the catalogue's general failure. */
export function ExtractionFailed({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-xl">
      <Alert tone="error" title={t('results.failedTitle')}>
        {message ?? t('errors.EXTRACTION_FAILED')}
      </Alert>
    </div>
  );
}
