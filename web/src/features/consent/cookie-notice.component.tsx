import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readPreference, storePreference } from '../../app/preferences';
import { useHoldsPopupsBack } from '../../layout/popup-clearance';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { Button } from '../../ui/button.component';

/** The seed: the notice appears 2 s after a page opens, unless a choice is stored. */
const COOKIE_NOTICE_DELAY_MS = 2000;

export function CookieNotice() {
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  const [visible, setVisible] = useState(false);
  const [undecided, setUndecided] = useState(() => readPreference('cookieConsent') === undefined);
  // One floating notice at a time: offers wait until the visitor has answered this one.
  useHoldsPopupsBack(undecided);

  useEffect(() => {
    if (!undecided) return;
    const timer = setTimeout(() => setVisible(true), COOKIE_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [undecided]);

  if (!visible) return null;
  const choose = (accepted: boolean) => {
    storePreference('cookieConsent', accepted);
    setVisible(false);
    setUndecided(false);
  };

  return (
    <section
      aria-label={t('cookies.label')}
      className="fixed bottom-4 start-4 z-50 w-[calc(100%-2rem)] max-w-sm rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-xl dark:border-slate-700 dark:bg-slate-900"
    >
      <p className="font-semibold">{t('cookies.title')}</p>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        {t('cookies.text')}{' '}
        <Link to={localised(paths.privacy)} className="font-medium text-blue-700 underline dark:text-blue-400">
          {t('footer.privacy')}
        </Link>
      </p>
      <div className="mt-3 flex gap-2">
        <Button onClick={() => choose(true)}>{t('cookies.accept')}</Button>
        <Button variant="secondary" onClick={() => choose(false)}>
          {t('cookies.decline')}
        </Button>
      </div>
    </section>
  );
}
