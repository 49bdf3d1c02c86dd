/**
 * The hero creation wizard: three steps, their validation, and the generate status
 * (idle → generating → complete | error | limit_reached). Pure reducer; the page runs it with
 * useReducer, so leaving /create (before step 3 or after) starts the next visit afresh.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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
