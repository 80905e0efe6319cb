import { Collapsible } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../router/paths';
import { useLocalisedPath } from '../router/use-language.hook';
import { AccountMenu } from './account-menu.component';
import { DarkModeToggle } from './dark-mode-toggle.component';
import { LanguageMenu } from './language-menu.component';
import { SITE_NAV } from './site-nav';
import { useScrolled } from './use-scrolled.hook';

/** The seed: the header changes state after 10 px of scroll. */
const HEADER_SCROLL_THRESHOLD_PX = 10;

export function SiteHeader() {
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  const scrolled = useScrolled(HEADER_SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // A link followed from the mobile menu closes it.
  const [menuPath, setMenuPath] = useState(location.key);
  if (menuPath !== location.key) {
    setMenuPath(location.key);
    setMenuOpen(false);
  }

  const navLinks = SITE_NAV.map((item) => (
    <Link
      key={item.label}
      to={localised(item.to)}
      onClick={() => item.to === paths.home && window.scrollTo({ top: 0, behavior: 'smooth' })}
      className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-500 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
    >
      {t(item.label)}
    </Link>
  ));

  return (
    <Collapsible.Root open={menuOpen} onOpenChange={setMenuOpen} asChild>
      <header
        data-scrolled={scrolled}
        className={`sticky top-0 z-40 border-b transition-[background-color,box-shadow] ${
          scrolled
            ? 'border-slate-200/70 bg-white/90 shadow-sm backdrop-blur dark:border-slate-800/70 dark:bg-slate-950/90'
            : 'border-transparent bg-transparent'
        }`}
      >
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
          <Link
            to={localised(paths.home)}
            aria-label={t('app.homeLink')}
            className="flex items-center gap-2 rounded-lg text-lg font-bold focus-visible:outline-2 focus-visible:outline-blue-500"
          >
            <svg aria-hidden viewBox="0 0 32 32" className="size-8">
              <rect width="32" height="32" rx="8" className="fill-blue-600" />
              <path d="M8 22l5-6 4 4 3-3 4 5z" fill="white" />
              <circle cx="21" cy="11" r="2.5" fill="white" />
            </svg>
            {t('app.name')}
          </Link>
          <nav aria-label={t('nav.label')} className="hidden flex-1 items-center gap-1 lg:flex">
            {navLinks}
          </nav>
          <div className="ms-auto flex items-center gap-1">
            <LanguageMenu />
            <DarkModeToggle />
            <div className="hidden lg:block">
              <AccountMenu />
            </div>
            <Collapsible.Trigger
              aria-label={t('nav.menu')}
              className="inline-flex size-10 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-500 lg:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <svg
                aria-hidden
                viewBox="0 0 20 20"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.75"
                className="size-5"
              >
                {menuOpen ? <path d="M5 5l10 10M15 5 5 15" /> : <path d="M3 6h14M3 10h14M3 14h14" />}
              </svg>
            </Collapsible.Trigger>
          </div>
        </div>
        <Collapsible.Content className="border-t border-slate-200 bg-white px-4 pb-4 lg:hidden dark:border-slate-800 dark:bg-slate-950">
          <nav aria-label={t('nav.label')} className="flex flex-col py-2">
            {navLinks}
          </nav>
          <AccountMenu stacked />
        </Collapsible.Content>
      </header>
    </Collapsible.Root>
  );
}
