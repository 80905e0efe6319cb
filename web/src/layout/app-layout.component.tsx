import { Direction } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { markVisited } from '../app/preferences';
import { CookieNotice } from '../features/consent/cookie-notice.component';
import { NewsletterPopup } from '../features/newsletter/newsletter-popup.component';
import { NoticeToast } from '../features/notice/notice-toast.component';
import { switchLanguage } from '../i18n/i18n';
import { unprefixedPath } from '../i18n/language-detection';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_TAGS, textDirection, type Language } from '../i18n/languages';
import { NotFoundPage } from '../pages/not-found/not-found.page';
import { PageFallback } from './page-fallback.component';
import { useScrollToAnchor } from './scroll-to-anchor';
import { SiteFooter } from './site-footer.component';
import { SiteHeader } from './site-header.component';

/**
 * The frame of every page, at `/` and under `/:lang`: header, the page, footer, and the floating notices. The
 * path's language drives i18n and `<html lang dir>`; an unknown prefix is the not-found page, and `/en/…` is the
 * unprefixed address.
 */
export function AppLayout() {
  const { lang } = useParams();
  const location = useLocation();
  if (lang === DEFAULT_LANGUAGE)
    return <Navigate to={unprefixedPath(location.pathname) + location.search + location.hash} replace />;
  const language: Language | undefined = lang === undefined ? DEFAULT_LANGUAGE : isLanguage(lang) ? lang : undefined;
  return <Frame language={language} />;
}

function Frame({ language }: { language: Language | undefined }) {
  const { t, i18n } = useTranslation();
  const effective = language ?? DEFAULT_LANGUAGE;
  const [loaded, setLoaded] = useState(i18n.language === effective);
  useScrollToAnchor();
  useEffect(markVisited, []);

  useEffect(() => {
    let current = true;
    void switchLanguage(i18n, effective).then(() => current && setLoaded(true));
    document.documentElement.lang = LANGUAGE_TAGS[effective];
    document.documentElement.dir = textDirection(effective);
    return () => {
      current = false;
    };
  }, [i18n, effective]);

  if (!loaded && i18n.language !== effective) return <PageFallback />;

  // Radix widgets (tabs, menus) set their own `dir`, left to right unless told: they follow the page's.
  return (
    <Direction.Provider dir={textDirection(effective)}>
      <div className="flex min-h-svh flex-col">
        {/* The first Tab stop: past the header's links to the page itself (above the top edge until focused). */}
        <a
          href="#main"
          className="fixed start-3 top-3 z-[60] -translate-y-[200%] rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white shadow-lg focus:translate-y-0 focus:outline-3 focus:outline-offset-2 focus:outline-blue-700 dark:focus:outline-white"
        >
          {t('app.skipToContent')}
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {language ? <Outlet /> : <NotFoundPage />}
        </main>
        <SiteFooter />
        <CookieNotice />
        <NewsletterPopup />
        <NoticeToast />
      </div>
    </Direction.Provider>
  );
}
