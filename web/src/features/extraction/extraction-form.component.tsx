import { normaliseExtractionUrl } from '@pixtract/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { Alert } from '../../ui/alert.component';
import { Button } from '../../ui/button.component';
import { Input } from '../../ui/input.component';

/** The spec's hero button reset: "Processing..." shows this long before the results open. */
export const PROCESSING_DELAY_MS = 1000;

/** The hero's URL box: ignores an empty submit, explains an invalid one, opens the results for a valid one. */
export function ExtractionForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localised = useLocalisedPath();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [processing, setProcessing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (processing || !text.trim()) return;
    const check = normaliseExtractionUrl(text);
    setInvalid(!check.ok);
    if (!check.ok) return;
    setProcessing(true);
    timer.current = setTimeout(() => navigate(localised(paths.results(check.url))), PROCESSING_DELAY_MS);
  };

  return (
    <form onSubmit={submit} noValidate className="w-full">
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          {t('hero.urlLabel')}
        </label>
        <Input
          id={inputId}
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
