import type { ExtractionProgress, ExtractionResponse, Limits } from '@pixtract/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { apiErrorBody } from '../../app/api-error';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { noticeShown } from '../notice/notice.slice';
import { extractionAsked, extractionTold, selectIsNews } from './extraction-news.slice';
import { extractionNotice } from './extraction-notice';
import { useGetExtractionQuery, useStartExtractionMutation } from './extraction.api';

export type ExtractionState =
  | { kind: 'running'; progress: ExtractionProgress }
  | { kind: 'completed'; result: ExtractionResponse; extractedAt?: string }
  /** `message` is the server's words when it sent any; a refusal for the quota also carries `code` and `limits`. */
  | { kind: 'failed'; message?: string; code?: string; limits?: Limits; extractedAt?: string };

export interface ExtractionSight {
  state: ExtractionState;
  /** This tab started it (or was just refused starting it): its outcome is news, worth a toast, once. */
  news: boolean;
  /** The outcome has been told. */
  told: () => void;
}

const NOT_STARTED: ExtractionProgress = { stage: 'queued', percent: 0, imagesFound: 0 };

/**
 * Starts a fresh extraction of a page ("Run again", or a corrected address after a failure) and opens its page. A
 * refusal (the day's limit, too many attempts) is said as any refused extraction is.
 */
export function useRunAgain() {
  const { t } = useTranslation();
  const [start, started] = useStartExtractionMutation();
  const navigate = useNavigate();
  const localised = useLocalisedPath();
  const dispatch = useAppDispatch();
  const runAgain = async (url: string) => {
    try {
      const { extractionId } = await start({ url, rerun: true }).unwrap();
      dispatch(extractionAsked(extractionId));
      await navigate(localised(paths.results(url, extractionId)));
    } catch (error) {
      const notice = extractionNotice(refusalOf(error), t);
      if (notice) dispatch(noticeShown(notice));
    }
  };
  return { runAgain, running: started.isLoading };
}

/**
 * A results page's extraction. With `extractionId` (the address's `id`): the stored extraction, followed live
 * while it runs — reload, Back and history charge nothing. Without: asks for `url` once (the server answers the
 * caller's extraction of that page from the last few minutes when there is one) and replaces the address with
 * one naming the extraction.
 */
export function useExtraction(url: string, extractionId: string | null): ExtractionSight {
  const [start, started] = useStartExtractionMutation();
  const navigate = useNavigate();
  const localised = useLocalisedPath();
  const dispatch = useAppDispatch();
  const isNews = useAppSelector((state) => selectIsNews(state, extractionId));
  // Kept when the address gains the extraction's id: how the page was opened (the address box's overlay).
  const locationState: unknown = useLocation().state;
  // StrictMode runs effects twice; the ref (kept across that re-run) makes sure one visit asks once.
  const startedFor = useRef<string | null>(null);
  // A visitor who left before the answer came stays where they went.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (extractionId !== null || startedFor.current === url) return;
    startedFor.current = url;
    void start({ url })
      .unwrap()
      .then(({ extractionId: id, reused }) => {
        if (!reused) dispatch(extractionAsked(id));
        if (mounted.current)
          return navigate(localised(paths.results(url, id)), { replace: true, state: locationState });
      })
      .catch(() => undefined); // the refusal is read from `started`
  }, [url, extractionId, start, navigate, localised, dispatch, locationState]);

  const extraction = useGetExtractionQuery(extractionId ?? skipToken);
  const view = extraction.data;
  const told = () => {
    if (extractionId !== null) dispatch(extractionTold(extractionId));
  };

  if (extractionId === null) {
    return started.isError
      ? { state: refusalOf(started.error), news: true, told }
      : { state: { kind: 'running', progress: NOT_STARTED }, news: false, told };
  }
  // A failed refetch keeps the last view: only a first answer that never came is a failure.
  if (!view)
    return {
      state: extraction.isError ? refusalOf(extraction.error) : { kind: 'running', progress: NOT_STARTED },
      news: isNews,
      told,
    };
  if (view.status === 'failed')
    return {
      state: { kind: 'failed', message: view.error, code: view.errorCode, extractedAt: view.extractedAt },
      news: isNews,
      told,
    };
  if (view.status === 'completed' && view.result)
    return { state: { kind: 'completed', result: view.result, extractedAt: view.extractedAt }, news: isNews, told };
  return { state: { kind: 'running', progress: view.progress ?? NOT_STARTED }, news: isNews, told };
}

/** A refused request as the failed state it shows (a quota refusal carries its limits). */
export function refusalOf(error: unknown): ExtractionState & { kind: 'failed' } {
  const body = apiErrorBody(error);
  return { kind: 'failed', message: body?.message, code: body?.code, limits: body?.limits };
}
