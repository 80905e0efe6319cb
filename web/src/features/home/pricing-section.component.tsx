import { useTranslation } from 'react-i18next';
import { Section } from '../../ui/section.component';
import { PricingCards } from './pricing-cards.component';

export function PricingSection() {
  const { t } = useTranslation();
  return (
    <Section id="pricing" title={t('pricing.title')} intro={t('pricing.intro')} tinted>
      <PricingCards />
    </Section>
  );
}
