import { namingPatternSchema } from '@pixtract/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../ui/input.component';

interface NamingPatternFieldProps {
  value: string;
  onChange: (pattern: string) => void;
  /** The first picture's file name under a pattern: the live preview. */
  example: (pattern: string) => string | undefined;
}

/**
 * The naming pattern of saved files, with a live example. Only a valid pattern is kept (and remembered); while the
 * draft is not valid the field says why and the last valid one stays in use.
 */
export function NamingPatternField({ value, onChange, example }: NamingPatternFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(value);
  const valid = namingPatternSchema.safeParse(draft).success;
  const preview = valid ? example(draft) : undefined;
  const change = (pattern: string) => {
    setDraft(pattern);
    if (namingPatternSchema.safeParse(pattern).success) onChange(pattern.trim());
  };
  return (
    <div className="flex max-w-xl min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600 dark:text-slate-400">
        {t('results.naming')}
      </label>
      <Input
        id={id}
        value={draft}
        dir="ltr"
        spellCheck={false}
        autoComplete="off"
        aria-invalid={!valid}
        aria-describedby={`${id}-help`}
        onChange={(event) => change(event.target.value)}
        className="font-mono text-sm"
      />
      <div id={`${id}-help`} className="space-y-0.5 text-xs text-slate-600 dark:text-slate-400">
        <p>{t('results.namingTokens')}</p>
        {valid ? (
          preview && (
            <p>
              {t('results.namingExample')}{' '}
              <bdi dir="ltr" className="font-mono font-medium text-slate-900 dark:text-slate-100">
                {preview}
              </bdi>
            </p>
          )
        ) : (
          <p className="font-medium text-red-700 dark:text-red-400">{t('results.namingInvalid')}</p>
        )}
      </div>
    </div>
  );
}
