import type { CrawlAccepted, CrawlRequest, CrawlView, ServerToClientEvents } from '@pixtract/contracts';
import { api } from '../../app/api';
import type { StoreExtra } from '../../app/store';
import { isCrawlSettled, newerCrawlView, withCrawlProgress } from './crawl-view';

const crawlApi = api.injectEndpoints({
  endpoints: (build) => ({
    startCrawl: build.mutation<CrawlAccepted, Pick<CrawlRequest, 'url' | 'urls' | 'scope'>>({
      query: (body) => ({ url: '/crawls', method: 'POST', body }),
      invalidatesTags: ['ExtractionHistory'],
    }),

    /** "Run again": a new crawl of the same request. */
    rerunCrawl: build.mutation<CrawlAccepted, string>({
      query: (crawlId) => ({ url: `/crawls/${encodeURIComponent(crawlId)}/rerun`, method: 'POST' }),
      invalidatesTags: ['ExtractionHistory'],
    }),

    /** Stops the crawl; what it found stays. The view's next event (or GET) says `stopped`. */
    stopCrawl: build.mutation<unknown, string>({
      query: (crawlId) => ({ url: `/crawls/${encodeURIComponent(crawlId)}/stop`, method: 'POST' }),
      invalidatesTags: (_view, _error, crawlId) => [{ type: 'Crawl', id: crawlId }, 'ExtractionHistory'],
    }),

    getCrawl: build.query<CrawlView, string>({
      query: (crawlId) => `/crawls/${encodeURIComponent(crawlId)}`,
      providesTags: (_view, _error, crawlId) => [{ type: 'Crawl', id: crawlId }],
      merge: (current, incoming) => newerCrawlView(current, incoming),

      /** Live progress: follow the crawl's socket room for as long as anyone reads this entry. */
      async onCacheEntryAdded(crawlId, lifecycle) {
        const { cacheDataLoaded, cacheEntryRemoved, dispatch, extra } = lifecycle;
        const updateCachedData = (update: (view: CrawlView) => void) => lifecycle.updateCachedData(update);
        const getCacheEntry = () => lifecycle.getCacheEntry();
        try {
          await cacheDataLoaded;
        } catch {
          return; // removed before the first answer: nothing to follow
        }
        const socket = (extra as StoreExtra).socket();
        const onProgress: ServerToClientEvents['crawl:progress'] = (progress) => {
          if (progress.crawlId === crawlId) updateCachedData((view) => withCrawlProgress(view, progress));
        };
        // On every (re)connect: a new connection has left its rooms and missed what was sent meanwhile, so once the
        // server confirms the join, one GET catches up.
        const follow = () => {
          if (isCrawlSettled(getCacheEntry().data)) return;
          socket.emit('crawl:follow', crawlId, ({ ok }) => {
            if (ok)
              void dispatch(crawlApi.endpoints.getCrawl.initiate(crawlId, { subscribe: false, forceRefetch: true }));
          });
        };
        socket.on('crawl:progress', onProgress);
        socket.on('connect', follow);
        if (socket.connected) follow();

        await cacheEntryRemoved;
        socket.off('crawl:progress', onProgress);
        socket.off('connect', follow);
        socket.emit('crawl:unfollow', crawlId);
      },
    }),
  }),
});

export const { useStartCrawlMutation, useRerunCrawlMutation, useStopCrawlMutation, useGetCrawlQuery } = crawlApi;
