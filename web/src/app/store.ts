import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { extractionNewsSlice } from '../features/extraction/extraction-news.slice';
import { latestResultSlice } from '../features/extraction/latest-result.slice';
import { noticeSlice } from '../features/notice/notice.slice';
import { api } from './api';
import type { PixtractSocket } from './socket';

/** What a socket consumer uses; tests hand in a fake with the same surface. */
export type ExtractionSocket = Pick<PixtractSocket, 'on' | 'off' | 'emit' | 'connected'>;

/** Dependencies reaching thunks and RTK Query lifecycles as `extra`: the seam tests replace. */
export interface StoreExtra {
  socket: () => ExtractionSocket;
}

const rootReducer = combineSlices(api, noticeSlice, extractionNewsSlice, latestResultSlice);

export function makeStore(extra: StoreExtra) {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: extra } }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
