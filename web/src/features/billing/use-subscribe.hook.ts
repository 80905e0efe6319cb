import type { SubscriptionPlan } from '@pixtract/contracts';
import { useState } from 'react';
import { apiErrorBody } from '../../app/api-error';
import { useAppDispatch } from '../../app/hooks';
import { useLanguage } from '../../router/use-language.hook';
import { useAuthStatus } from '../auth/auth.api';
import { noticeShown } from '../notice/notice.slice';
import { useCreateSubscriptionMutation } from './billing.api';
import { billingFailure } from './billing-failure';

/**
 * Subscribe to a live plan: visitors are told to sign in first ('Authentication Required'); members get a
 * subscription (or a plan change) made on PayPal and are sent to PayPal's approval page. `processing` is the plan on
 * its way.
 */
export function useSubscribe(): { subscribe: (plan: SubscriptionPlan) => void; processing: string | null } {
  const dispatch = useAppDispatch();
  const language = useLanguage();
  const status = useAuthStatus();
  const [create] = useCreateSubscriptionMutation();
  const [processing, setProcessing] = useState<string | null>(null);

  const subscribe = (plan: SubscriptionPlan) => {
    if (processing) return;
    if (!status.data?.isAuthenticated) {
      dispatch(
        noticeShown({
          title: 'billing.authRequired',
          description: 'errors.SUBSCRIPTION_AUTH_REQUIRED',
          tone: 'warning',
        }),
      );
      return;
    }
    setProcessing(plan.planId);
    create({ planId: plan.planId, language })
      .unwrap()
      .then(({ approvalUrl }) => window.location.assign(approvalUrl))
      .catch((error: unknown) => {
        setProcessing(null);
        dispatch(
          noticeShown({
            title: 'billing.subscriptionError',
            ...billingFailure(apiErrorBody(error)?.code, 'SUBSCRIPTION_ERROR'),
          }),
        );
      });
  };
  return { subscribe, processing };
}
