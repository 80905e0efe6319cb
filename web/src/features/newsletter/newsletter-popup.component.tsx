import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { readPreference, storePreference } from '../../app/preferences';
import { usePopupsHeldBack } from '../../layout/popup-clearance';
import { CloseButton } from '../../ui/close-button.component';
import { selectHasExtracted } from '../extraction/extraction-news.slice';
import { selectNotice } from '../notice/notice.slice';
import { NewsletterForm } from './newsletter-form.component';

/** A minute on the site, unless an extraction finished sooner. */
export const NEWSLETTER_POPUP_DELAY_MS = 60_000;

/**
 * Offered once the visitor has had what they came for (a finished extraction) or a minute on the site; never over
 * the cookie notice, a toast or the hero's address box (it waits while any needs the room); hidden for good once
 * dismissed (or subscribed).
 */
export function NewsletterPopup() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => readPreference('newsletterDismissed') === true);
  const [minutePassed, setMinutePassed] = useState(false);
  const extracted = useAppSelector(selectHasExtracted);
  const heldBack = usePopupsHeldBack();
  // A toast (an extraction's outcome) has the bottom of the screen first; once offered, the popup's own toasts
  // (an invalid address) do not take it away.
  const toast = useAppSelector(selectNotice);
  const [offered, setOffered] = useState(false);
  const showing = !dismissed && !heldBack && (offered || !toast) && (minutePassed || extracted);
  if (showing && !offered) setOffered(true);

  useEffect(() => {
    if (dismissed) return;
    const timer = setTimeout(() => setMinutePassed(true), NEWSLETTER_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [dismissed]);

  if (!showing) return null;
  const dismiss = () => {
    storePreference('newsletterDismissed', true);
    setDismissed(true);
  };

  return (
    <section
      aria-labelledby="newsletter-popup-title"
      className="fixed end-4 bottom-4 z-50 w-[calc(100%-2rem)] max-w-sm rounded-2xl border border-slate-200 bg-white p-5 shadow-xl dark:border-slate-700 dark:bg-slate-900"
    >
      <CloseButton label={t('newsletter.dismiss')} onClick={dismiss} />
      <h2 id="newsletter-popup-title" className="font-semibold">
        {t('newsletter.title')}
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-300">{t('newsletter.text')}</p>
      <NewsletterForm onSubscribed={dismiss} />
    </section>
  );
}
