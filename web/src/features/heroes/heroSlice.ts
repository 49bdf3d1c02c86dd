/**
 * The client hero state of spec §3 that outlives a page: the storybook and chapters of the hero on
 * screen, and a chapters-loading flag. (The wizard's generate status lives in the wizard's own
 * reducer, so leaving /create resets it.) It is filled from the storybook endpoints' answers, so
 * fetching, polling and de-duplication stay with RTK Query while the panel reads one place.
 */
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { sessionEnded, signedOut } from '../auth/authSlice';
import type { Chapter, StoryBook, StoryBookView } from '../storybook/storybook';
import { storybookApi } from '../storybook/storybookApi';

export interface HeroState {
  /** The hero whose storybook this is. */
  heroId: string | null;
  /** null until loaded, and while the server is still setting the storybook up. */
  storyBook: StoryBook | null;
  chapters: Chapter[];
  /** A storybook request for this hero is on its way. */
  chaptersLoading: boolean;
  /** An answer for this hero has arrived (with or without a storybook). */
  chaptersLoaded: boolean;
  /** The last load failed with this message (cleared by the next answer). */
  chaptersError: string | null;
}

export const initialHeroState: HeroState = {
  heroId: null,
  storyBook: null,
  chapters: [],
  chaptersLoading: false,
  chaptersLoaded: false,
  chaptersError: null,
};

const { getStoryBook, unlockChapters, unlockAfterPayment } = storybookApi.endpoints;

function applyView(state: HeroState, view: StoryBookView): void {
  state.storyBook = view.storyBook;
  state.chapters = view.chapters;
  state.chaptersLoaded = true;
  state.chaptersError = null;
}

const heroSlice = createSlice({
  name: 'hero',
  initialState: initialHeroState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addMatcher(getStoryBook.matchPending, (state, action) => {
        const heroId = action.meta.arg.originalArgs;
        // Another hero: what was held belongs to the previous one.
        if (state.heroId !== heroId) return { ...initialHeroState, heroId, chaptersLoading: true };
        state.chaptersLoading = true;
      })
      .addMatcher(getStoryBook.matchFulfilled, (state, action) => {
        if (state.heroId !== action.meta.arg.originalArgs) return;
        state.chaptersLoading = false;
        applyView(state, action.payload);
      })
      .addMatcher(getStoryBook.matchRejected, (state, action) => {
        // A request dropped because an identical one is already running changes nothing.
        if (state.heroId !== action.meta.arg.originalArgs || action.meta.condition) return;
        state.chaptersLoading = false;
        state.chaptersError = action.payload?.message ?? action.error.message ?? 'Request failed';
      })
      .addMatcher(unlockChapters.matchFulfilled, (state, action) => {
        if (state.heroId === action.meta.arg.originalArgs.heroId && action.payload.storyBook) {
          applyView(state, action.payload);
        }
      })
      .addMatcher(unlockAfterPayment.matchFulfilled, (state, action) => {
        if (state.heroId === action.meta.arg.originalArgs && action.payload.storyBook) {
          applyView(state, action.payload);
        }
      })
      // Whatever was held belongs to the user who left.
      .addMatcher(isAnyOf(signedOut, sessionEnded), () => initialHeroState);
  },
  selectors: {
    selectHeroStoryState: (state) => state,
  },
});

export const heroReducer = heroSlice.reducer;
export const { selectHeroStoryState } = heroSlice.selectors;
