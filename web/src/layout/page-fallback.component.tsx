import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/spinner.component';

/** Shown while the first page's code loads. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-svh items-center justify-center">
      <Spinner label={t('app.loading')} />
    </div>
  );
}
