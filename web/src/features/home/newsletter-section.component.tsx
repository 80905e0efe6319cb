import { useTranslation } from 'react-i18next';
import { Section } from '../../ui/section.component';
import { NewsletterForm } from '../newsletter/newsletter-form.component';

export function NewsletterSection() {
  const { t } = useTranslation();
  return (
    <Section id="newsletter" title={t('newsletter.title')} intro={t('newsletter.text')}>
      <div className="mx-auto max-w-xl">
        <NewsletterForm />
      </div>
    </Section>
  );
}
