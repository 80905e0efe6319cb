import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readPreference, storePreference } from '../../app/preferences';
import { NewsletterForm } from './newsletter-form.component';
import { CloseButton } from '../../ui/close-button.component';

/** Offered once the visitor has read a while; hidden for good once dismissed (or subscribed). */
export const NEWSLETTER_POPUP_DELAY_MS = 30_000;

export function NewsletterPopup() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (readPreference('newsletterDismissed')) return;
    const timer = setTimeout(() => setVisible(true), NEWSLETTER_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!visible) return null;
  const dismiss = () => {
    storePreference('newsletterDismissed', true);
    setVisible(false);
  };

  return (
    <section
      aria-labelledby="newsletter-popup-title"
      className="fixed end-4 bottom-24 z-50 w-[calc(100%-2rem)] max-w-sm rounded-2xl border border-slate-200 bg-white p-5 shadow-xl dark:border-slate-700 dark:bg-slate-900"
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
