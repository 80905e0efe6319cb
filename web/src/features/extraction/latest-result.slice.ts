import type { ExtractionResponse } from '@pixtract/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface LatestResult {
  url: string;
  extractionId: string;
  result: ExtractionResponse;
}

/**
 * The last extraction this tab saw finish with images (the specification's "success stores the result"): the home
 * page's try-it area shows it. Kept for the tab's life, not stored: a new visit starts with the samples.
 */
export const latestResultSlice = createSlice({
  name: 'latestResult',
  initialState: null as LatestResult | null,
  reducers: {
    latestResultStored: (_state, action: PayloadAction<LatestResult>) => action.payload,
  },
  selectors: {
    selectLatestResult: (state) => state,
  },
});

export const { latestResultStored } = latestResultSlice.actions;
export const { selectLatestResult } = latestResultSlice.selectors;
