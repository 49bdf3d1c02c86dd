import { describe, expect, it } from '@jest/globals';
import { memoryStorage } from '../auth/memoryStorage';
import {
  daySelected,
  forgetWizardDraft,
  restoredWizardState,
  saveWizardDraft,
  WIZARD_DRAFT_KEY,
  generationFailed,
  generationStarted,
  generationSucceeded,
  initialWizardState,
  limitReached,
  monthSelected,
  nameChanged,
  nameRefused,
  nextStep,
  previousStep,
  progressPercent,
  WIZARD_MESSAGES,
  WIZARD_STEPS,
  wizardReducer,
  wizardReset,
  yearSelected,
  zodiacPreview,
  type WizardState,
} from './wizardSlice';

const today = { year: 2026, month: 11, day: 21 };
const run = (state: WizardState, ...actions: Parameters<typeof wizardReducer>[1][]) =>
  actions.reduce(wizardReducer, state);
/** A new wizard after picking the month, the year and the day, in that order, then `more`. */
const picked = (month: number, year: number, day: number, ...more: Parameters<typeof wizardReducer>[1][]) =>
  run(initialWizardState, monthSelected(month), yearSelected(year), daySelected(day), ...more);

describe('creation wizard', () => {
  it('has three labelled steps and a step / 3 progress bar', () => {
    expect(WIZARD_STEPS).toEqual(['Birth Date', 'Hero Name', 'Preview']);
    expect([1, 2, 3].map((s) => progressPercent(s as 1 | 2 | 3))).toEqual([33, 67, 100]);
  });

  it('step 1 needs the whole birth date; the error clears as soon as a value is entered', () => {
    let s = run(initialWizardState, nextStep({ today }));
    expect(s.step).toBe(1);
    expect(s.error).toBe('Please select your birth date');
    s = run(s, monthSelected(4));
    expect(s.error).toBeNull();
    s = run(s, yearSelected(1990), nextStep({ today }));
    expect(s.error).toBe(WIZARD_MESSAGES.birthdateRequired);
    s = run(s, daySelected(2), nextStep({ today }));
    expect(s).toMatchObject({ step: 2, error: null, date: { month: 4, day: 2, year: 1990 } });
  });

  it('refuses a birth date in the future with the server’s words', () => {
    const s = picked(12, 2026, 25, nextStep({ today }));
    expect(s.step).toBe(1);
    expect(s.error).toBe('The birth date cannot be in the future.');
  });

  it('clamps the day when the month changes', () => {
    const s = picked(3, 2023, 31, monthSelected(2));
    expect(s.date.day).toBe(28);
  });

  it('step 2 needs a non-blank name; typing clears the error; Back keeps the values', () => {
    let s = picked(4, 1990, 2, nextStep({ today }));
    s = run(s, nameChanged('   '), nextStep({ today }));
    expect(s).toMatchObject({ step: 2, error: 'Please enter a name for your hero' });
    s = run(s, nameChanged('Lyra'));
    expect(s.error).toBeNull();
    s = run(s, nextStep({ today }));
    expect(s.step).toBe(3);
    s = run(s, previousStep());
    expect(s).toMatchObject({ step: 2, heroName: 'Lyra', date: { month: 4, day: 2, year: 1990 } });
    s = run(s, previousStep(), previousStep());
    expect(s.step).toBe(1);
  });

  it('caps the name at 60 characters', () => {
    const s = run(initialWizardState, nameChanged('x'.repeat(80)));
    expect(s.heroName).toHaveLength(60);
  });

  it('tracks the generate status: generating, then complete, error or limit_reached', () => {
    const base = { ...initialWizardState, step: 3 as const };
    const generating = run(base, generationStarted('f'.repeat(32)));
    expect(generating).toMatchObject({ status: 'generating', heroId: 'f'.repeat(32) });
    // Back is ignored while generating.
    expect(run(generating, previousStep()).step).toBe(3);
    expect(run(generating, generationSucceeded()).status).toBe('complete');
    expect(run(generating, generationFailed(WIZARD_MESSAGES.noHero))).toMatchObject({
      status: 'error',
      error: 'Failed to generate hero content',
    });
    expect(run(generating, limitReached()).status).toBe('limit_reached');
    expect(run(generating, wizardReset())).toEqual(initialWizardState);
  });

  it('goes back to the name step when the server refuses the name; typing clears the message', () => {
    const generating = run(
      { ...initialWizardState, step: 3 as const, heroName: 'Sh1tlord' },
      generationStarted('f'.repeat(32)),
    );
    const refused = run(generating, nameRefused('Please choose another hero name: this one is not allowed.'));
    expect(refused).toMatchObject({
      step: 2,
      status: 'error',
      heroName: 'Sh1tlord',
      error: 'Please choose another hero name: this one is not allowed.',
    });
    expect(run(refused, nameChanged('Lyra')).error).toBeNull();
  });

  it('previews the zodiac for a complete date only', () => {
    expect(zodiacPreview({ month: 4, day: 2, year: 1990 })).toMatchObject({
      western: { sign: 'Aries', element: 'Fire' },
      chinese: { sign: 'Horse' },
    });
    expect(zodiacPreview({ month: 4, day: null, year: 1990 })).toBeNull();
  });
});

describe('the wizard draft kept for the tab', () => {
  const filled = { step: 3 as const, date: { month: 3, day: 25, year: 1990 }, heroName: 'Lyra' };

  it('restores the step and the values for the same user, and forgets them', () => {
    const storage = memoryStorage();
    saveWizardDraft(storage, 'user-1', filled);
    expect(restoredWizardState(storage, 'user-1')).toEqual({ ...initialWizardState, ...filled });
    expect(restoredWizardState(storage, 'user-2')).toEqual(initialWizardState);
    expect(restoredWizardState(storage, null)).toEqual(initialWizardState);
    forgetWizardDraft(storage);
    expect(restoredWizardState(storage, 'user-1')).toEqual(initialWizardState);
  });

  it('never restores a step its values do not allow', () => {
    const storage = memoryStorage();
    saveWizardDraft(storage, 'user-1', { ...filled, heroName: '  ' });
    expect(restoredWizardState(storage, 'user-1').step).toBe(2);
    saveWizardDraft(storage, 'user-1', { ...filled, date: { month: 3, day: null, year: 1990 } });
    expect(restoredWizardState(storage, 'user-1').step).toBe(1);
  });

  it('ignores a damaged draft', () => {
    const storage = memoryStorage();
    for (const raw of ['{', '7', JSON.stringify({ userId: 'user-1', step: 9, date: { month: 13 } })]) {
      storage.data[WIZARD_DRAFT_KEY] = raw;
      const restored = restoredWizardState(storage, 'user-1');
      expect(restored.step).toBe(1);
      expect(restored.date).toEqual(initialWizardState.date);
    }
  });
});
