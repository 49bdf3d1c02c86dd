/**
 * The hero creation wizard: three steps, their validation, and the generate status
 * (idle → generating → complete | error | limit_reached). Pure reducer; the page runs it with
 * useReducer and keeps the step and what was entered in the tab's session storage (see
 * restoredWizardState), so a reload does not start over; the draft is forgotten once the hero is made.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { KeyValueStorage } from '../auth/session';
import { ErrorCodes, HERO_NAME_MAX_LENGTH } from '@starborn/contracts';
import { validateBirthdate, zodiacFor, type CalendarDate, type ZodiacResult } from '@starborn/zodiac';
import { EMPTY_DATE, toBirthdate, withDay, withMonth, withYear, type DateParts } from './datePicker';

export type WizardStep = 1 | 2 | 3;
export type GenerateStatus = 'idle' | 'generating' | 'complete' | 'error' | 'limit_reached';

export const WIZARD_STEPS = ['Birth Date', 'Hero Name', 'Preview'] as const;

export const WIZARD_MESSAGES = {
  birthdateRequired: 'Please select your birth date',
  nameRequired: 'Please enter a name for your hero',
  noHero: 'Failed to generate hero content',
  generic: 'Something went wrong while creating your hero. Please try again.',
} as const;

/** The server's limit on name length: the field stops there. */
export { HERO_NAME_MAX_LENGTH };
/** The server's one-non-premium-hero refusal (its words and code) and the alert the user reads. */
export {
  NON_PREMIUM_LIMIT_ERROR,
  NON_PREMIUM_LIMIT_MESSAGE as NON_PREMIUM_LIMIT_ALERT,
} from '@starborn/contracts';
export const NON_PREMIUM_LIMIT_CODE = ErrorCodes.NON_PREMIUM_LIMIT;

export interface WizardState {
  step: WizardStep;
  date: DateParts;
  heroName: string;
  error: string | null;
  status: GenerateStatus;
  heroId: string | null;
}

export const initialWizardState: WizardState = {
  step: 1,
  date: EMPTY_DATE,
  heroName: '',
  error: null,
  status: 'idle',
  heroId: null,
};

const wizardSlice = createSlice({
  name: 'heroWizard',
  initialState: initialWizardState,
  reducers: {
    monthSelected(state, action: PayloadAction<number | null>) {
      state.date = withMonth(state.date, action.payload);
      if (action.payload !== null) state.error = null;
    },
    daySelected(state, action: PayloadAction<number | null>) {
      state.date = withDay(state.date, action.payload);
      if (action.payload !== null) state.error = null;
    },
    yearSelected(state, action: PayloadAction<number | null>) {
      state.date = withYear(state.date, action.payload);
      if (action.payload !== null) state.error = null;
    },
    nameChanged(state, action: PayloadAction<string>) {
      state.heroName = action.payload.slice(0, HERO_NAME_MAX_LENGTH);
      if (action.payload !== '') state.error = null;
    },
    /** Validates the current step; moves on only when it is valid. `today` is the user's date. */
    nextStep(state, action: PayloadAction<{ today: CalendarDate }>) {
      if (state.step === 1) {
        const birthdate = toBirthdate(state.date);
        const problem = birthdate
          ? validateBirthdate(birthdate, action.payload.today)
          : WIZARD_MESSAGES.birthdateRequired;
        if (problem) {
          state.error = problem;
          return;
        }
      } else if (state.step === 2) {
        if (state.heroName.trim() === '') {
          state.error = WIZARD_MESSAGES.nameRequired;
          return;
        }
      } else {
        return;
      }
      state.error = null;
      state.step = (state.step + 1) as WizardStep;
    },
    previousStep(state) {
      if (state.status === 'generating') return;
      if (state.step > 1) state.step = (state.step - 1) as WizardStep;
      state.error = null;
      if (state.status !== 'idle') state.status = 'idle';
    },
    generationStarted(state, action: PayloadAction<string>) {
      state.status = 'generating';
      state.heroId = action.payload;
      state.error = null;
    },
    generationSucceeded(state) {
      state.status = 'complete';
    },
    generationFailed(state, action: PayloadAction<string>) {
      state.status = 'error';
      state.error = action.payload;
    },
    /** The server refused the name: back to the name step, the message under its field. */
    nameRefused(state, action: PayloadAction<string>) {
      state.status = 'error';
      state.step = 2;
      state.error = action.payload;
    },
    limitReached(state) {
      state.status = 'limit_reached';
    },
    wizardReset() {
      return initialWizardState;
    },
  },
});

export const {
  monthSelected,
  daySelected,
  yearSelected,
  nameChanged,
  nextStep,
  previousStep,
  generationStarted,
  generationSucceeded,
  generationFailed,
  nameRefused,
  limitReached,
  wizardReset,
} = wizardSlice.actions;
export const wizardReducer = wizardSlice.reducer;

/** The progress bar fills step / 3. */
export function progressPercent(step: WizardStep): number {
  return Math.round((step / WIZARD_STEPS.length) * 100);
}

/** The zodiac shown on steps 2 and 3 (display only: the server computes the hero's own). */
export function zodiacPreview(date: DateParts): ZodiacResult | null {
  const birthdate = toBirthdate(date);
  if (!birthdate) return null;
  try {
    return zodiacFor(birthdate);
  } catch {
    return null;
  }
}

/* The draft kept for the tab ------------------------------------------------ */

export const WIZARD_DRAFT_KEY = 'heroWizardDraft';

/** The part of the wizard a reload keeps: the step and what was entered, for one user. */
interface WizardDraft {
  userId: string;
  step: WizardStep;
  date: DateParts;
  heroName: string;
}

const isDatePart = (value: unknown, min: number, max: number) =>
  value === null || (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max);

export function saveWizardDraft(
  storage: KeyValueStorage,
  userId: string,
  state: Pick<WizardState, 'step' | 'date' | 'heroName'>,
): void {
  const draft: WizardDraft = { userId, step: state.step, date: state.date, heroName: state.heroName };
  try {
    storage.setItem(WIZARD_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Without storage a reload starts over, as it always did.
  }
}

export function forgetWizardDraft(storage: KeyValueStorage): void {
  try {
    storage.removeItem(WIZARD_DRAFT_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/**
 * The wizard as this user left it in this tab, or a fresh one. A damaged or foreign draft is ignored,
 * and the step never passes what the kept values allow (no step 2 without a birth date, no step 3
 * without a name).
 */
export function restoredWizardState(
  storage: KeyValueStorage,
  userId: string | null | undefined,
): WizardState {
  if (!userId) return initialWizardState;
  let draft: Partial<WizardDraft> | null;
  try {
    draft = JSON.parse(storage.getItem(WIZARD_DRAFT_KEY) ?? 'null') as Partial<WizardDraft> | null;
  } catch {
    return initialWizardState;
  }
  if (!draft || typeof draft !== 'object' || draft.userId !== userId) return initialWizardState;
  const { date, heroName } = draft;
  const dateValid =
    typeof date === 'object' &&
    date !== null &&
    isDatePart(date.month, 1, 12) &&
    isDatePart(date.day, 1, 31) &&
    isDatePart(date.year, 1, 9999);
  const restoredDate = dateValid ? { month: date.month, day: date.day, year: date.year } : EMPTY_DATE;
  const restoredName = typeof heroName === 'string' ? heroName.slice(0, HERO_NAME_MAX_LENGTH) : '';
  let step: WizardStep = draft.step === 2 || draft.step === 3 ? draft.step : 1;
  if (step > 1 && !toBirthdate(restoredDate)) step = 1;
  if (step > 2 && restoredName.trim() === '') step = 2;
  return { ...initialWizardState, step, date: restoredDate, heroName: restoredName };
}
