import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Extractions this tab asked for whose outcome it has not told yet. Kept in the store, not in the address or the
 * history entry: asking puts the extraction's id in the address (which mounts its page anew), and a reload starts
 * without them, so a result opened again (reload, Back, history) is shown without news.
 */
export const extractionNewsSlice = createSlice({
  name: 'extractionNews',
  // `told`: an extraction this tab asked for has settled (offers such as the newsletter's wait for one).
  initialState: { untold: [] as string[], told: false },
  reducers: {
    extractionAsked(state, action: PayloadAction<string>) {
      if (!state.untold.includes(action.payload)) state.untold.push(action.payload);
    },
    extractionTold(state, action: PayloadAction<string>) {
      state.untold = state.untold.filter((id) => id !== action.payload);
      state.told = true;
    },
  },
  selectors: {
    selectIsNews: (state, extractionId: string | null) => extractionId !== null && state.untold.includes(extractionId),
    selectHasExtracted: (state) => state.told,
  },
});

export const { extractionAsked, extractionTold } = extractionNewsSlice.actions;
export const { selectIsNews, selectHasExtracted } = extractionNewsSlice.selectors;
