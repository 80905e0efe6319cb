import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ParseKeys } from 'i18next';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

/**
 * A short message for the visitor, shown by NoticeToast. Title and description are translation keys (with their
 * interpolation values), or the server's own words in `text`.
 */
export interface Notice {
  title: ParseKeys;
  description?: ParseKeys;
  text?: string;
  values?: Record<string, string | number>;
  tone?: NoticeTone;
  /** Milliseconds; the seed's default is 5 s. */
  duration?: number;
}

interface NoticeState {
  current: (Notice & { id: number }) | null;
  shown: number;
}

const initialState: NoticeState = { current: null, shown: 0 };

/** One notice at a time: a new one replaces the one on screen. */
export const noticeSlice = createSlice({
  name: 'notice',
  initialState,
  reducers: {
    noticeShown(state, action: PayloadAction<Notice>) {
      state.shown += 1;
      state.current = { ...action.payload, id: state.shown };
    },
    noticeDismissed(state, action: PayloadAction<number | undefined>) {
      if (action.payload === undefined || state.current?.id === action.payload) state.current = null;
    },
  },
  selectors: {
    selectNotice: (state) => state.current,
  },
});

export const { noticeShown, noticeDismissed } = noticeSlice.actions;
export const { selectNotice } = noticeSlice.selectors;
