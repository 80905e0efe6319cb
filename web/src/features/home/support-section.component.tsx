import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readPreference, storePreference } from '../../app/preferences';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { buttonStyles } from '../../ui/button.component';
import { Section } from '../../ui/section.component';
import { CloseButton } from '../../ui/close-button.component';

/** The seed's donation card amount; the payment step itself comes with billing. */
const DONATION_CARD_AMOUNT = '10.00';

export function SupportSection() {
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  const [dismissed, setDismissed] = useState(() => readPreference('donationDismissed') ?? false);
  const dismiss = () => {
    storePreference('donationDismissed', true);
    setDismissed(true);
  };

  return (
    <Section id="support" title={t('support.title')} intro={t('support.intro')} tinted>
      {!dismissed && (
        <div className="relative mx-auto max-w-xl rounded-2xl border border-slate-200 bg-gradient-to-br from-blue-50 to-indigo-50 p-8 text-center dark:border-slate-800 dark:from-slate-900 dark:to-indigo-950/40">
          <CloseButton label={t('support.dismiss')} onClick={dismiss} />
          <h3 className="text-xl font-semibold">{t('support.cardTitle')}</h3>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t('support.cardText')}</p>
          <Link to={localised(paths.payment('donation'))} className={buttonStyles('primary', 'lg', 'mt-6')}>
            {t('support.donate', { amount: DONATION_CARD_AMOUNT })}
          </Link>
        </div>
      )}
    </Section>
  );
}
