import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, serverPaths } from '../router/paths';
import { useLocalisedPath } from '../router/use-language.hook';
import { DonateButton } from '../features/donation/donate-button.component';
import { SITE_NAV } from './site-nav';

const RESOURCES: Array<{ label: ParseKeys; to: string }> = [
  { label: 'footer.blog', to: paths.blog },
  { label: 'footer.terms', to: paths.terms },
  { label: 'footer.privacy', to: paths.privacy },
];

export function SiteFooter() {
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  const linkStyle =
    'text-sm text-slate-600 hover:text-slate-900 hover:underline dark:text-slate-400 dark:hover:text-white';

  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="space-y-3">
          <p className="text-lg font-bold">{t('app.name')}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('footer.about')}</p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="mb-3 text-sm font-semibold">
            {t('footer.quickLinks')}
          </h2>
          <ul className="space-y-2">
            {SITE_NAV.map((item) => (
              <li key={item.label}>
                <Link to={localised(item.to)} className={linkStyle}>
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-resources">
          <h2 id="footer-resources" className="mb-3 text-sm font-semibold">
            {t('footer.resources')}
          </h2>
          <ul className="space-y-2">
            {RESOURCES.map((item) => (
              <li key={item.label}>
                <Link to={localised(item.to)} className={linkStyle}>
                  {t(item.label)}
                </Link>
              </li>
            ))}
            <li>
              <a href={serverPaths.sitemap} className={linkStyle}>
                {t('footer.sitemap')}
              </a>
            </li>
          </ul>
        </nav>
        <div className="space-y-3">
          <h2 className="text-sm font-semibold">{t('footer.supportTitle')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('footer.supportText')}</p>
          <DonateButton>{t('footer.supportUs')}</DonateButton>
        </div>
      </div>
      <p className="border-t border-slate-200 py-6 text-center text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
