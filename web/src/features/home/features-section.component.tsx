import { useTranslation } from 'react-i18next';
import { Section } from '../../ui/section.component';

const FEATURES = ['every', 'fast', 'zip', 'preview', 'free', 'safe'] as const;

export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <Section id="features" title={t('features.title')} intro={t('features.intro')}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => (
          <li
            key={feature}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <h3 className="text-lg font-semibold">{t(`features.${feature}Title`)}</h3>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{t(`features.${feature}Text`)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
