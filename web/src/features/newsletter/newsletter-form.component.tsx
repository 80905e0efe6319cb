import { newsletterSubscriptionSchema } from '@pixtract/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { Button } from '../../ui/button.component';
import { Input } from '../../ui/input.component';
import { noticeShown } from '../notice/notice.slice';
import { useSubscribeToNewsletterMutation } from './newsletter.api';

/** An email box that subscribes to 'Stay Updated'; `onSubscribed` lets the popup close itself. */
export function NewsletterForm({ onSubscribed }: { onSubscribed?: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [subscribe, { isLoading }] = useSubscribeToNewsletterMutation();
  const [email, setEmail] = useState('');
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = newsletterSubscriptionSchema.safeParse({ email });
    if (!parsed.success) {
      dispatch(noticeShown({ title: 'newsletter.invalidTitle', description: 'newsletter.invalidText', tone: 'error' }));
      return;
    }
    try {
      await subscribe(parsed.data).unwrap();
      setEmail('');
      dispatch(
        noticeShown({ title: 'newsletter.subscribedTitle', description: 'newsletter.subscribedText', tone: 'success' }),
      );
      onSubscribed?.();
    } catch {
      dispatch(noticeShown({ title: 'newsletter.failedTitle', description: 'newsletter.failedText', tone: 'error' }));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex w-full flex-col gap-2 sm:flex-row">
      <label htmlFor={inputId} className="sr-only">
        {t('newsletter.emailLabel')}
      </label>
      <Input
        id={inputId}
        type="email"
        autoComplete="email"
        placeholder={t('newsletter.emailPlaceholder')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" size="lg" disabled={isLoading} className="shrink-0">
        {t('newsletter.subscribe')}
      </Button>
    </form>
  );
}
