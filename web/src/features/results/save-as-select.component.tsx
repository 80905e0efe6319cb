import { SAVE_FORMATS, type SaveFormat } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { LabelledSelect } from '../../ui/labelled-select.component';

/** Format names are the same in every language; only "Original" is a word. */
const FORMAT_NAMES: Record<Exclude<SaveFormat, 'original'>, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  webp: 'WebP',
  avif: 'AVIF',
};

/** Save as: Original (the site's file as it is), PNG, JPEG, WebP or AVIF (converted on the server). */
export function SaveAsSelect({
  value,
  onChange,
  size = 'lg',
  className,
}: {
  value: SaveFormat;
  onChange: (format: SaveFormat) => void;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <LabelledSelect
      label={t('results.saveAs')}
      value={value}
      options={SAVE_FORMATS.map((format) => ({
        value: format,
        label: format === 'original' ? t('results.saveAsOriginal') : FORMAT_NAMES[format],
      }))}
      onChange={onChange}
      size={size}
      className={className}
    />
  );
}
