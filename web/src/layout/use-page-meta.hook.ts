import type { SitePageKey } from '@pixtract/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The tab's title and the page's description while a page is shown. The gateway wrote the first page's into the
 * HTML; moving through the app keeps them current.
 */
export function useDocumentHead(title: string, description: string) {
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}

/** The head of one of the site's pages in the reader's language: the same `pageMeta` words the gateway writes. */
export function usePageMeta(page: SitePageKey | 'notFound' | 'articleNotFound') {
  const { t } = useTranslation();
  useDocumentHead(t(`pageMeta.${page}.title`), t(`pageMeta.${page}.description`));
}
