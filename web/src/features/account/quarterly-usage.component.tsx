import { usageStats, type QuarterlyStats } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { UsageBar } from '../../ui/usage-bar.component';

const QUARTERS = ['q1', 'q2', 'q3', 'q4'] as const;

export function QuarterlyUsage({ stats }: { stats: QuarterlyStats }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-4">
      {QUARTERS.map((quarter, index) => {
        const { used, total } = stats[quarter];
        const usage = usageStats(total, used);
        const current = stats.currentQuarter === index + 1;
        return (
          <li key={quarter} className="space-y-1.5">
            <div className="flex justify-between text-sm">
              <span className={current ? 'font-semibold' : ''}>
                {t('member.quarter', { number: index + 1 })}
                {current && (
                  <span className="ms-2 rounded-full bg-blue-100 px-2 py-0.5 text-xs text-blue-800 dark:bg-blue-950 dark:text-blue-200">
                    {t('member.currentQuarter')}
                  </span>
                )}
              </span>
              <span className="tabular-nums text-slate-600 dark:text-slate-300">
                {t('member.usedOf', { used, total })}
              </span>
            </div>
            <UsageBar usage={usage} label={t('member.quarter', { number: index + 1 })} />
          </li>
        );
      })}
    </ul>
  );
}
