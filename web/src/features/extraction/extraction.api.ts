import type { ExtractionAccepted, ExtractionRequest, ExtractionView, ServerToClientEvents } from '@pixtract/contracts';
import { api } from '../../app/api';
import type { StoreExtra } from '../../app/store';
import { isSettled, newerExtractionView, withFailure, withProgress, withResult } from './extraction-view';

const extractionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Answers the caller's recent extraction of the page (`reused`) unless `rerun` asks for a fresh one. */
    startExtraction: build.mutation<ExtractionAccepted, Pick<ExtractionRequest, 'url' | 'rerun'>>({
      query: (body) => ({ url: '/extractions', method: 'POST', body }),
    }),

    getExtraction: build.query<ExtractionView, string>({
      query: (extractionId) => `/extractions/${encodeURIComponent(extractionId)}`,
      providesTags: (_view, _error, extractionId) => [{ type: 'Extraction', id: extractionId }],
      merge: (current, incoming) => newerExtractionView(current, incoming),

      /** Live progress: follow the extraction's socket room for as long as anyone reads this entry. */
      async onCacheEntryAdded(extractionId, lifecycle) {
        const { cacheDataLoaded, cacheEntryRemoved, dispatch, extra } = lifecycle;
        const updateCachedData = (update: (view: ExtractionView) => void) => lifecycle.updateCachedData(update);
        try {
          await cacheDataLoaded;
        } catch {
          return; // removed before the first answer: nothing to follow
        }
        const socket = (extra as StoreExtra).socket();

        const onProgress: ServerToClientEvents['extraction:progress'] = ({ extractionId: id, ...progress }) => {
          if (id === extractionId) updateCachedData((view) => withProgress(view, progress));
        };
        const onCompleted: ServerToClientEvents['extraction:completed'] = ({ extractionId: id, result }) => {
          if (id === extractionId) updateCachedData((view) => withResult(view, result));
        };
        const onFailed: ServerToClientEvents['extraction:failed'] = ({ extractionId: id, message, code }) => {
          if (id === extractionId) updateCachedData((view) => withFailure(view, message, code));
        };
        // Runs on every (re)connect: a new connection has left all rooms, and events sent while it was not in the
        // room are gone, so once the server confirms the join, one GET catches up (e.g. a job that already ended).
        const follow = () => {
          if (isSettled(lifecycle.getCacheEntry().data)) return;
          socket.emit('extraction:follow', extractionId, ({ ok }) => {
            if (ok)
              void dispatch(
                extractionApi.endpoints.getExtraction.initiate(extractionId, { subscribe: false, forceRefetch: true }),
              );
          });
        };

        socket.on('extraction:progress', onProgress);
        socket.on('extraction:completed', onCompleted);
        socket.on('extraction:failed', onFailed);
        socket.on('connect', follow);
        if (socket.connected) follow();

        await cacheEntryRemoved;
        socket.off('extraction:progress', onProgress);
        socket.off('extraction:completed', onCompleted);
        socket.off('extraction:failed', onFailed);
        socket.off('connect', follow);
        socket.emit('extraction:unfollow', extractionId);
      },
    }),
  }),
});

export const { useStartExtractionMutation, useGetExtractionQuery } = extractionApi;
