import { normaliseExtractionUrl, type ErrorCode } from '@pixtract/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/alert.component';
import { Button } from '../../ui/button.component';
import { Input } from '../../ui/input.component';
import { useRunAgain } from './use-extraction.hook';

/**
 * After a failure, the address that failed in an editable box, focused and selected (a typo is fixed in place, a
 * new address typed over it), with Extract beside it: a fresh extraction of whatever it then says.
 */
export function RetryAddressForm({ url }: { url: string }) {
  const { t } = useTranslation();
  const { runAgain, running } = useRunAgain();
  const [text, setText] = useState(url);
  const [refusal, setRefusal] = useState<ErrorCode | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = normaliseExtractionUrl(text);
    setRefusal(check.ok ? null : check.code);
    if (check.ok) void runAgain(check.url);
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-3" data-retry-address>
      <label htmlFor={inputId} className="block text-sm font-medium">
        {t('hero.urlLabel')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          ref={input}
          type="url"
          inputMode="url"
          dir="ltr"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setRefusal(null);
          }}
          aria-invalid={refusal !== null || undefined}
          aria-describedby={refusal ? errorId : undefined}
        />
        <Button type="submit" disabled={running} className="shrink-0">
          {running ? t('hero.processing') : t('results.extract')}
        </Button>
      </div>
      {refusal && (
        <Alert tone="error" id={errorId}>
          {t(`errors.${refusal}`)}
        </Alert>
      )}
    </form>
  );
}
