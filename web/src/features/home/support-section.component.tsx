import { DONATION_CARD_AMOUNT } from '@pixtract/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readPreference, storePreference } from '../../app/preferences';
import { Section } from '../../ui/section.component';
import { CloseButton } from '../../ui/close-button.component';
import { DonateButton } from '../donation/donate-button.component';

/** Support Us: the dismissible donation card; once it is dismissed, a plain Donate button stays. */
export function SupportSection() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => readPreference('donationDismissed') ?? false);
  const dismiss = () => {
    storePreference('donationDismissed', true);
    setDismissed(true);
  };

  return (
    <Section id="support" title={t('support.title')} intro={t('support.intro')} tinted>
      {dismissed ? (
        <div className="text-center">
          <DonateButton size="lg">{t('support.donateAny')}</DonateButton>
        </div>
      ) : (
        <div className="relative mx-auto max-w-xl rounded-2xl border border-slate-200 bg-gradient-to-br from-blue-50 to-indigo-50 p-8 text-center dark:border-slate-800 dark:from-slate-900 dark:to-indigo-950/40">
          <CloseButton label={t('support.dismiss')} onClick={dismiss} />
          <h3 className="text-xl font-semibold">{t('support.cardTitle')}</h3>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t('support.cardText')}</p>
          <DonateButton amount={DONATION_CARD_AMOUNT} size="lg" className="mt-6">
            {t('support.donate', { amount: DONATION_CARD_AMOUNT })}
          </DonateButton>
        </div>
      )}
    </Section>
  );
}
