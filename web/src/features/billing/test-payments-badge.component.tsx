import { useTranslation } from 'react-i18next';
import { TestModeNote } from '../../ui/test-mode-note.component';
import { useGetPaymentsConfigQuery } from './billing.api';

/** Says plainly that payments go to PayPal's sandbox or the local simulator: no money moves. */
export function TestPaymentsBadge() {
  const { t } = useTranslation();
  const { data } = useGetPaymentsConfigQuery();
  if (!data?.testPayments) return null;
  return <TestModeNote label={t('billing.testPayments')} hint={t('billing.testPaymentsHint')} testId="test-payments" />;
}
