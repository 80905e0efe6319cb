import { useTranslation } from 'react-i18next';
import { Section } from '../../ui/section.component';

const STEPS = [
  { title: 'howItWorks.step1Title', text: 'howItWorks.step1Text' },
  { title: 'howItWorks.step2Title', text: 'howItWorks.step2Text' },
  { title: 'howItWorks.step3Title', text: 'howItWorks.step3Text' },
] as const;

export function HowItWorksSection() {
  const { t } = useTranslation();
  return (
    <Section id="how-it-works" title={t('howItWorks.title')} intro={t('howItWorks.intro')} tinted>
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li
            key={step.title}
            className="rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900"
          >
            <span
              aria-hidden
              className="flex size-10 items-center justify-center rounded-full bg-blue-600 font-bold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold">{t(step.title)}</h3>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{t(step.text)}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
