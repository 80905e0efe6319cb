import { useTranslation } from 'react-i18next';
import { CONTACT_EMAIL } from '../../app/contact';
import { Section } from '../../ui/section.component';

export function ContactSection() {
  const { t } = useTranslation();
  return (
    <Section id="contact" title={t('contact.title')} intro={t('contact.intro')}>
      <p className="text-center">
        <a
          href={`mailto:${CONTACT_EMAIL}`}
          className="text-lg font-semibold text-blue-700 underline dark:text-blue-400"
        >
          {CONTACT_EMAIL}
        </a>
      </p>
    </Section>
  );
}
