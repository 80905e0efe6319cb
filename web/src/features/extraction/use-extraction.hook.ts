import type { ExtractionProgress, ExtractionResponse, Limits } from '@pixtract/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef } from 'react';
import { apiErrorBody } from '../../app/api-error';
import { useGetExtractionQuery, useStartExtractionMutation } from './extraction.api';

export type ExtractionState =
  | { kind: 'running'; progress: ExtractionProgress }
  | { kind: 'completed'; result: ExtractionResponse }
  /** `message` is the server's words when it sent any; a refusal for the quota also carries `code` and `limits`. */
  | { kind: 'failed'; message?: string; code?: string; limits?: Limits };

const NOT_STARTED: ExtractionProgress = { stage: 'queued', percent: 0, imagesFound: 0 };

/** Starts one extraction of `url` and follows it live until it completes or fails. */
export function useExtraction(url: string): ExtractionState {
  const [start, started] = useStartExtractionMutation();
  // StrictMode runs effects twice; the ref (kept across that re-run) makes sure one visit queues one job.
  const startedFor = useRef<string | null>(null);
  useEffect(() => {
    if (startedFor.current === url) return;
    startedFor.current = url;
    void start({ url });
  }, [url, start]);

  const extraction = useGetExtractionQuery(started.data?.extractionId ?? skipToken);
  const view = extraction.data;

  if (started.isError) return refused(started.error);
  // A failed refetch keeps the last view: only a first answer that never came is a failure.
  if (!view) return extraction.isError ? refused(extraction.error) : { kind: 'running', progress: NOT_STARTED };
  if (view.status === 'failed') return { kind: 'failed', message: view.error, code: view.errorCode };
  if (view.status === 'completed' && view.result) return { kind: 'completed', result: view.result };
  return { kind: 'running', progress: view.progress ?? NOT_STARTED };
}

function refused(error: unknown): ExtractionState {
  const body = apiErrorBody(error);
  return { kind: 'failed', message: body?.message, code: body?.code, limits: body?.limits };
}
