import { ErrorCode, normaliseExtractionUrl } from '@pixtract/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { apiErrorBody } from '../../app/api-error';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { Alert } from '../../ui/alert.component';
import { Button } from '../../ui/button.component';
import { Input } from '../../ui/input.component';
import { AddressListProblems } from '../crawl/address-list-problems.component';
import { checkAddressList } from '../crawl/address-list';
import { useStartCrawlMutation } from '../crawl/crawl.api';
import type { ScopeChoice } from '../crawl/crawl-scope';
import { ScopeSelect } from '../crawl/scope-select.component';
import { usePagesPerCrawl } from '../crawl/use-pages-per-crawl.hook';
import { catalogueText } from './extraction-messages';
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

interface ExtractionFormProps {
  /** The results pages' box starts from what they show. */
  initialUrl?: string;
  initialScope?: ScopeChoice;
  /** A list crawl's addresses. */
  initialUrls?: string[];
  /** The results pages' smaller box. */
  compact?: boolean;
}

/**
 * The address box with its scope: ignores an empty submit and explains an invalid address (or list) inline. *This
 * page* opens the results for the address; a crawl's scope starts the crawl and opens its page.
 */
export function ExtractionForm({
  initialUrl = '',
  initialScope = 'page',
  initialUrls = [],
  compact = false,
}: ExtractionFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localised = useLocalisedPath();
  const retryUrl = retryUrlOf(useLocation().state);
  const pageLimit = usePagesPerCrawl();
  const [startCrawl] = useStartCrawlMutation();
  const [scope, setScope] = useState<ScopeChoice>(initialScope);
  const [text, setText] = useState(retryUrl || initialUrl);
  const [list, setList] = useState(initialUrls.join('\n'));
  const [invalid, setInvalid] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const inputId = ADDRESS_BOX_ID;
  const errorId = useId();
  const listCheck = scope === 'list' && list.trim() ? checkAddressList(list, pageLimit) : null;

  useEffect(() => () => clearTimeout(timer.current), []);
  // Back from 'Try a different URL': the old address, selected, so typing replaces it.
  useEffect(() => {
    if (!retryUrl) return;
    input.current?.focus();
    input.current?.select();
  }, [retryUrl]);

  const crawl = async (request: Parameters<typeof startCrawl>[0]) => {
    setProcessing(true);
    try {
      const { crawlId } = await startCrawl(request).unwrap();
      await navigate(localised(paths.crawl(crawlId)));
    } catch (error) {
      const body = apiErrorBody(error);
      setRefusal(
        body?.code === ErrorCode.DailyLimitReached && body.limits
          ? t('limit.reachedText', { total: body.limits.total })
          : (catalogueText(t, body?.code, body?.message) ?? t('errors.EXTRACTION_FAILED')),
      );
      setProcessing(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    setRefusal(null);
    if (scope === 'list') {
      if (!listCheck || listCheck.problems.length > 0 || listCheck.tooMany || listCheck.urls.length === 0) {
        setInvalid(listCheck !== null);
        return;
      }
      void crawl({ scope, urls: listCheck.urls });
      return;
    }
    if (!text.trim()) return;
    const check = normaliseExtractionUrl(text);
    setInvalid(!check.ok);
    if (!check.ok) return;
    if (scope !== 'page') {
      void crawl({ scope, url: check.url });
      return;
    }
    setProcessing(true);
    timer.current = setTimeout(
      () => void navigate(localised(paths.results(check.url)), { state: FROM_ADDRESS_BOX }),
      PROCESSING_DELAY_MS,
    );
  };

  const size = compact ? '' : 'sm:h-14 sm:text-lg';
  const listShown = invalid && listCheck && (listCheck.problems.length > 0 || listCheck.tooMany);

  return (
    <form onSubmit={submit} noValidate className="w-full space-y-3">
      <div className={`flex flex-col gap-3 sm:flex-row ${scope === 'list' ? 'sm:items-start' : ''}`}>
        {scope === 'list' ? (
          <>
            <label htmlFor={inputId} className="sr-only">
              {t('crawl.listLabel')}
            </label>
            <textarea
              id={inputId}
              rows={compact ? 3 : 5}
              dir="ltr"
              spellCheck={false}
              placeholder={t('crawl.listPlaceholder')}
              value={list}
              onChange={(event) => {
                setList(event.target.value);
                setInvalid(false);
              }}
              aria-invalid={listShown || undefined}
              aria-describedby={errorId}
              className="w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-400 focus:border-blue-500 focus:outline-2 focus:outline-blue-500/40 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500"
            />
          </>
        ) : (
          <>
            <label htmlFor={inputId} className="sr-only">
              {t('hero.urlLabel')}
            </label>
            <Input
              id={inputId}
              ref={input}
              type="url"
              inputMode="url"
              dir="ltr"
              autoComplete="url"
              placeholder={t('hero.urlPlaceholder')}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setInvalid(false);
              }}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
              className={size}
            />
          </>
        )}
        <Button
          type="submit"
          size="lg"
          disabled={processing}
          className={`shrink-0 ${compact ? '' : 'sm:h-14 sm:px-8'}`}
        >
          {processing ? t('hero.processing') : t(scope === 'page' ? 'hero.submit' : 'crawl.submit')}
        </Button>
      </div>
      <ScopeSelect
        value={scope}
        onChange={(next) => {
          setScope(next);
          setInvalid(false);
          setRefusal(null);
        }}
        pageLimit={pageLimit}
      />
      {scope === 'list' && <AddressListProblems id={errorId} check={listCheck} limit={pageLimit} shown={invalid} />}
      {invalid && scope !== 'list' && (
        <div className="text-start">
          <Alert tone="error" id={errorId}>
            {t('errors.INVALID_URL')}
          </Alert>
        </div>
      )}
      {refusal && (
        <div className="text-start">
          <Alert tone="error" title={t('crawl.refusedTitle')}>
            {refusal}
          </Alert>
        </div>
      )}
    </form>
  );
}
