import { useTranslation } from 'react-i18next';
import { Button } from './button.component';

interface PaginationProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** First, Previous, 'Page X of Y', Next, Last. */
export function Pagination({ page, pages, onPage }: PaginationProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="flex flex-wrap items-center justify-center gap-2">
      <Button variant="secondary" disabled={page === 1} onClick={() => onPage(1)}>
        {t('pagination.first')}
      </Button>
      <Button variant="secondary" disabled={page === 1} onClick={() => onPage(page - 1)}>
        {t('pagination.previous')}
      </Button>
      <span aria-current="page" className="px-3 text-sm font-medium tabular-nums">
        {t('pagination.status', { page, pages })}
      </span>
      <Button variant="secondary" disabled={page === pages} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
      </Button>
      <Button variant="secondary" disabled={page === pages} onClick={() => onPage(pages)}>
        {t('pagination.last')}
      </Button>
    </nav>
  );
}
