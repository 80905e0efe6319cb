import { useTranslation } from 'react-i18next';
import { Section } from '../../ui/section.component';

const TESTIMONIALS = ['designer', 'marketer', 'developer'] as const;

export function TestimonialsSection() {
  const { t } = useTranslation();
  return (
    <Section id="testimonials" title={t('testimonials.title')}>
      <ul className="grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((who) => (
          <li key={who}>
            <figure className="h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
              <blockquote className="text-slate-700 dark:text-slate-200">“{t(`testimonials.${who}Quote`)}”</blockquote>
              <figcaption className="mt-4 text-sm font-semibold">{t(`testimonials.${who}Name`)}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
