import { useTranslation } from 'react-i18next';
import { LabelledSelect } from '../../ui/labelled-select.component';
import type { ArchiveSizes } from './picture-sizes';

const ARCHIVE_SIZES: ArchiveSizes[] = ['largest', 'all'];

/** Beside Download All: whether the ZIP takes each picture's largest size only or every size the page offers. */
export function ArchiveSizesSelect({
  value,
  onChange,
}: {
  value: ArchiveSizes;
  onChange: (sizes: ArchiveSizes) => void;
}) {
  const { t } = useTranslation();
  return (
    <LabelledSelect
      label={t('results.archiveSizes')}
      value={value}
      options={ARCHIVE_SIZES.map((sizes) => ({ value: sizes, label: t(`results.archiveSizesOption.${sizes}`) }))}
      onChange={onChange}
    />
  );
}
