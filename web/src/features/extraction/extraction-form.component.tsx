import { normaliseExtractionUrl } from '@pixtract/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { Alert } from '../../ui/alert.component';
import { Button } from '../../ui/button.component';
import { Input } from '../../ui/input.component';
import { ADDRESS_BOX_ID, FROM_ADDRESS_BOX } from './address-box';

/** The spec's hero button reset: "Processing..." shows this long before the results open. */
export const PROCESSING_DELAY_MS = 1000;

/** What 'Try a different URL' hands the hero: the address that found nothing, to be edited rather than retyped. */
export interface RetryState {
  retryUrl: string;
}

const retryUrlOf = (state: unknown): string =>
  typeof state === 'object' && state !== null && typeof (state as Partial<RetryState>).retryUrl === 'string'
    ? (state as RetryState).retryUrl
    : '';

/** The hero's URL box: ignores an empty submit, explains an invalid one, opens the results for a valid one. */
export function ExtractionForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localised = useLocalisedPath();
  const retryUrl = retryUrlOf(useLocation().state);
  const [text, setText] = useState(retryUrl);
  const [invalid, setInvalid] = useState(false);
  const [processing, setProcessing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const inputId = ADDRESS_BOX_ID;
  const errorId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);
  // Back from 'Try a different URL': the old address, selected, so typing replaces it.
  useEffect(() => {
    if (!retryUrl) return;
    input.current?.focus();
    input.current?.select();
  }, [retryUrl]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (processing || !text.trim()) return;
    const check = normaliseExtractionUrl(text);
    setInvalid(!check.ok);
    if (!check.ok) return;
    setProcessing(true);
    timer.current = setTimeout(
      () => void navigate(localised(paths.results(check.url)), { state: FROM_ADDRESS_BOX }),
      PROCESSING_DELAY_MS,
    );
  };

  return (
    <form onSubmit={submit} noValidate className="w-full">
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          {t('hero.urlLabel')}
        </label>
        <Input
          id={inputId}
          ref={input}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder={t('hero.urlPlaceholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          className="sm:h-14 sm:text-lg"
        />
        <Button type="submit" size="lg" disabled={processing} className="shrink-0 sm:h-14 sm:px-8">
          {processing ? t('hero.processing') : t('hero.submit')}
        </Button>
      </div>
      {invalid && (
        <div className="mt-3 text-left">
          <Alert tone="error" id={errorId}>
            {t('errors.INVALID_URL')}
          </Alert>
        </div>
      )}
    </form>
  );
}
