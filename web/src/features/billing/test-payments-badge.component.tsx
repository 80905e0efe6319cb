import { useTranslation } from 'react-i18next';
import { useGetPaymentsConfigQuery } from './billing.api';

/** Says plainly that payments go to PayPal's sandbox or the local simulator: no money moves. */
export function TestPaymentsBadge() {
  const { t } = useTranslation();
  const { data } = useGetPaymentsConfigQuery();
  if (!data?.testPayments) return null;
  return (
    <p
      role="note"
      className="inline-flex items-center gap-2 rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-200"
      data-testid="test-payments"
    >
      <span aria-hidden className="size-2 rounded-full bg-amber-500" />
      {t('billing.testPayments')}
      <span className="font-normal">{t('billing.testPaymentsHint')}</span>
    </p>
  );
}
