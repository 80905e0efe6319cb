import { useTranslation } from 'react-i18next';
import type { ResultItem } from './results-view';
import type { ImageLoading } from './use-image-loading.hook';
import { ImageTile } from './image-tile.component';

interface ImageGridProps {
  items: ResultItem[];
  /** Number of the first item (pages after the first continue the count). */
  firstNumber: number;
  /** The items' loading, kept by the gallery (which also says which failed). */
  loading: ImageLoading;
  selected: ReadonlySet<number>;
  /** The download of a picture shown with this number. */
  downloadHrefOf: (item: ResultItem, number: number) => string;
  onOpen: (item: ResultItem, number: number) => void;
  onToggleSelected: (index: number, extend: boolean) => void;
}

/** One to four columns by width. */
export function ImageGrid({
  items,
  firstNumber,
  loading,
  selected,
  downloadHrefOf,
  onOpen,
  onToggleSelected,
}: ImageGridProps) {
  const { t } = useTranslation();
  return (
    <ul
      aria-label={t('results.gridLabel')}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
    >
      {items.map((item, offset) => (
        <ImageTile
          key={item.index}
          file={item.file}
          number={firstNumber + offset}
          src={loading.srcOf(item.file.fileUrl)}
          status={loading.statusOf(item.file.fileUrl)}
          selected={selected.has(item.index)}
          downloadHref={downloadHrefOf(item, firstNumber + offset)}
          onLoad={() => loading.onLoad(item.file.fileUrl)}
          onError={() => loading.onError(item.file.fileUrl)}
          onOpen={() => onOpen(item, firstNumber + offset)}
          onToggleSelected={(extend) => onToggleSelected(item.index, extend)}
        />
      ))}
    </ul>
  );
}
