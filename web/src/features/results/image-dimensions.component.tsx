import { useTranslation } from 'react-i18next';

/** "1200 × 800", or that the size is not known. Width × height reads left to right in every language. */
export function ImageDimensions({ width, height }: { width?: number | null; height?: number | null }) {
  const { t } = useTranslation();
  if (!width || !height) return <>{t('results.dimensionsUnknown')}</>;
  return <span dir="ltr">{t('results.dimensions', { width, height })}</span>;
}
