import {
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { influenceTraits, localCalendarDate } from '@starborn/zodiac';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { Field } from '../components/FormField';
import { usePageMeta } from '../components/usePageMeta';
import { selectUser } from '../features/auth/authSlice';
import { classifyCreateFailure } from '../features/heroes/createErrors';
import {
  dayOptions,
  formatBirthdate,
  MONTH_NAMES,
  toBirthdate,
  yearOptions,
} from '../features/heroes/datePicker';
import { requestGeneration } from '../features/heroes/generation';
import { useCreateHeroMutation, useGetUserHeroesQuery } from '../features/heroes/heroesApi';
import { newHeroId } from '../features/heroes/heroId';
import { hasUnpaidHero } from '../features/heroes/types';
import { useHeroRealtime } from '../features/heroes/useHeroRealtime';
import {
  daySelected,
  generationFailed,
  generationStarted,
  generationSucceeded,
  forgetWizardDraft,
  HERO_NAME_MAX_LENGTH,
  limitReached,
  monthSelected,
  nameChanged,
  nameRefused,
  nextStep,
  NON_PREMIUM_LIMIT_ALERT,
  previousStep,
  progressPercent,
  restoredWizardState,
  saveWizardDraft,
  WIZARD_MESSAGES,
  WIZARD_STEPS,
  wizardReducer,
  yearSelected,
  zodiacPreview,
  type WizardState,
} from '../features/heroes/wizardSlice';
import '../styles/heroes.css';

const toNumber = (value: string): number | null => (value === '' ? null : Number(value));

/** Hero creation wizard: birth date, hero name, preview, then generation. */
export function CreateHeroPage() {
  usePageMeta({
    title: 'Create Your Hero',
    description: 'Turn your birth date and a name into a zodiac-born fantasy hero.',
  });
  const appDispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  // A reload keeps the step and what was entered (for this tab), until the hero is made.
  const [state, dispatch] = useReducer(wizardReducer, user?.id, (userId) =>
    restoredWizardState(window.sessionStorage, userId),
  );
  const { step, date, heroName } = state;
  useEffect(() => {
    if (user) saveWizardDraft(window.sessionStorage, user.id, { step, date, heroName });
  }, [user, step, date, heroName]);
  const [createHero] = useCreateHeroMutation();
  useHeroRealtime();

  // The one-non-premium-hero rule is checked as soon as the wizard opens, on a fresh
  // answer (not a cached one). If the check itself fails the wizard opens: the server enforces it too.
  const [openedAt] = useState(() => Date.now());
  const [checked, setChecked] = useState(false);
  const alerted = useRef(false);
  const heroes = useGetUserHeroesQuery(undefined, { refetchOnMountOrArgChange: true });
  const fresh = !heroes.isFetching && heroes.isSuccess && (heroes.fulfilledTimeStamp ?? 0) >= openedAt;
  const failed = !heroes.isFetching && heroes.isError;
  const blocked = fresh && !checked && hasUnpaidHero(heroes.currentData ?? []);
  useEffect(() => {
    if (checked || !(fresh || failed)) return;
    if (blocked) {
      if (alerted.current) return;
      alerted.current = true;
      window.alert(NON_PREMIUM_LIMIT_ALERT);
      void navigate('/heroes', { replace: true });
      return;
    }
    setChecked(true);
  }, [checked, fresh, failed, blocked, navigate]);

  const today = localCalendarDate(new Date());

  async function generate() {
    const birthdate = toBirthdate(state.date);
    if (!user || !birthdate || state.status === 'generating') return;
    const heroId = newHeroId();
    dispatch(generationStarted(heroId));
    let createdId: string;
    try {
      const hero = await createHero({
        heroName: state.heroName.trim(),
        birthdate,
        heroId,
        userId: user.id,
      }).unwrap();
      if (!hero) {
        dispatch(generationFailed(WIZARD_MESSAGES.noHero));
        return;
      }
      createdId = hero.heroId || heroId;
    } catch (error) {
      const failure = classifyCreateFailure(error);
      if (failure.kind === 'limit') {
        dispatch(limitReached());
        alerted.current = true;
        window.alert(NON_PREMIUM_LIMIT_ALERT);
        void navigate('/heroes', { replace: true });
      } else if (failure.kind === 'name') {
        dispatch(nameRefused(failure.message));
      } else if (failure.kind === 'error') {
        dispatch(generationFailed(failure.message));
      }
      // 401: the API layer has ended the session and is taking the user to /login.
      return;
    }
    forgetWizardDraft(window.sessionStorage);
    // The generate call runs on (it answers when the images and backstory are ready); the hero
    // page shows the waiting screen and moves on the moment the server says the hero is done.
    void requestGeneration(appDispatch, createdId);
    dispatch(generationSucceeded());
    void navigate(`/hero/${createdId}`);
  }

  const checking = !checked;

  return (
    <section className="page container wizard-page" aria-labelledby="wizard-title">
      <header className="page-header wizard-page__header">
        <p className="eyebrow">Forge your hero</p>
        <h1 id="wizard-title">Create Your Cosmic Hero</h1>
        <p className="lead">
          Three small steps: your birth date, a name, and a last look before the stars get to work.
        </p>
      </header>

      <div className="wizard-card">
        <WizardProgress step={state.step} />
        {checking ? (
          <p className="wizard-card__checking" role="status">
            Consulting the stars...
          </p>
        ) : (
          <WizardStepContent state={state} dispatch={dispatch} today={today} onGenerate={generate} />
        )}
      </div>
    </section>
  );
}

function WizardProgress({ step }: { step: WizardState['step'] }) {
  return (
    <div className="wizard-progress">
      <div
        className="wizard-progress__track"
        role="progressbar"
        aria-label="Wizard progress"
        aria-valuemin={0}
        aria-valuemax={WIZARD_STEPS.length}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of ${WIZARD_STEPS.length}: ${WIZARD_STEPS[step - 1]}`}
      >
        <div className="wizard-progress__fill" style={{ width: `${progressPercent(step)}%` }} />
      </div>
      <ol className="wizard-progress__steps">
        {WIZARD_STEPS.map((label, index) => {
          const n = index + 1;
          const stateClass = n === step ? ' is-current' : n < step ? ' is-done' : '';
          return (
            <li
              key={label}
              className={`wizard-progress__step${stateClass}`}
              aria-current={n === step ? 'step' : undefined}
            >
              <span className="wizard-progress__dot" aria-hidden="true">
                {n}
              </span>
              {label}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

interface StepProps {
  state: WizardState;
  dispatch: (action: Parameters<typeof wizardReducer>[1]) => void;
  today: ReturnType<typeof localCalendarDate>;
  onGenerate: () => void | Promise<void>;
}

function WizardStepContent({ state, dispatch, today, onGenerate }: StepProps) {
  const zodiac = state.step > 1 ? zodiacPreview(state.date) : null;
  const errorId = useId();
  const titleRef = useStepHeadingFocus(state.step);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.step < 3) dispatch(nextStep({ today }));
    else void onGenerate();
  }

  const error = state.error && (
    <p id={errorId} className="form-error" role="alert">
      {state.error}
    </p>
  );
  const next = (
    <button type="submit" className="button button--primary">
      Next
    </button>
  );
  // Under each step: Back from the second step on, then the step's submit button.
  const actions = (submitButton: ReactNode) => (
    <div
      className={state.step === 1 ? 'wizard-form__actions wizard-form__actions--end' : 'wizard-form__actions'}
    >
      {state.step > 1 && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => dispatch(previousStep())}
          disabled={state.status === 'generating'}
        >
          Back
        </button>
      )}
      {submitButton}
    </div>
  );

  return (
    <form className="wizard-form" onSubmit={submit} noValidate>
      {state.step === 1 && (
        <>
          <h2 className="wizard-form__title" ref={titleRef} tabIndex={-1}>
            When were you born?
          </h2>
          <p className="muted">Your birth date reveals your Western sign and your Chinese zodiac animal.</p>
          {error}
          <BirthDateFields
            state={state}
            dispatch={dispatch}
            today={today}
            errorId={state.error ? errorId : undefined}
          />
          {actions(next)}
        </>
      )}

      {state.step === 2 && (
        <>
          <h2 className="wizard-form__title" ref={titleRef} tabIndex={-1}>
            Name Your Cosmic Hero
          </h2>
          {zodiac && (
            <div className="zodiac-influence" aria-label="Zodiac influence">
              <p className="zodiac-influence__label">Your zodiac influence</p>
              <div className="zodiac-influence__signs">
                <div className="zodiac-influence__sign">
                  <span className="zodiac-influence__kind">Western sign</span>
                  <strong>{zodiac.western.sign}</strong>
                  <span className="muted">
                    {zodiac.western.element} · {zodiac.western.dateRange}
                  </span>
                </div>
                <div className="zodiac-influence__sign">
                  <span className="zodiac-influence__kind">Chinese sign</span>
                  <strong>{zodiac.chinese.sign}</strong>
                  <span className="muted">{zodiac.chinese.element}</span>
                </div>
              </div>
              <p className="zodiac-influence__traits muted">
                {influenceTraits(zodiac.western.traits, zodiac.chinese.traits).join(' · ')}
              </p>
            </div>
          )}
          {error}
          <Field id="hero-name" label="Hero Name">
            <input
              id="hero-name"
              className="field__input"
              name="heroName"
              autoComplete="off"
              placeholder="e.g. Lyra Starweaver"
              maxLength={HERO_NAME_MAX_LENGTH}
              value={state.heroName}
              aria-invalid={state.error ? true : undefined}
              aria-describedby={state.error ? errorId : undefined}
              onChange={(e) => dispatch(nameChanged(e.target.value))}
            />
          </Field>
          {actions(next)}
        </>
      )}

      {state.step === 3 && (
        <>
          <h2 className="wizard-form__title" ref={titleRef} tabIndex={-1}>
            Preview Your Hero
          </h2>
          <p className="muted">The stars are ready. Check the details, then bring your hero to life.</p>
          {error}
          <dl className="hero-preview">
            <div>
              <dt>Name</dt>
              <dd>
                <bdi>{state.heroName.trim()}</bdi>
              </dd>
            </div>
            <div>
              <dt>Birth Date</dt>
              <dd>{formatBirthdate(toBirthdate(state.date) ?? '')}</dd>
            </div>
            <div>
              <dt>Western Sign</dt>
              <dd>{zodiac?.western.sign ?? '—'}</dd>
            </div>
            <div>
              <dt>Chinese Sign</dt>
              <dd>{zodiac?.chinese.sign ?? '—'}</dd>
            </div>
          </dl>
          {actions(
            <button
              type="submit"
              className="button button--primary button--large"
              disabled={state.status === 'generating'}
            >
              {state.status === 'generating' ? 'Summoning Your Hero...' : 'Generate My Hero'}
            </button>,
          )}
        </>
      )}
    </form>
  );
}

/**
 * After Next or Back the new step's heading takes the focus, so keyboard and screen reader users
 * continue from the step they are on, not from the top of the page. Not on the first render: the
 * page opens with the focus where the browser put it.
 */
function useStepHeadingFocus(step: WizardState['step']) {
  const ref = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    ref.current?.focus();
  }, [step]);
  return ref;
}

function BirthDateFields({
  state,
  dispatch,
  today,
  errorId,
}: Pick<StepProps, 'state' | 'dispatch' | 'today'> & { errorId?: string }) {
  const { month, day, year } = state.date;
  const days = dayOptions(month, year);
  const select =
    (action: (value: number | null) => Parameters<typeof wizardReducer>[1]) =>
    (e: ChangeEvent<HTMLSelectElement>) =>
      dispatch(action(toNumber(e.target.value)));
  const common = {
    className: 'field__input field__select',
    'aria-invalid': errorId ? true : undefined,
    'aria-describedby': errorId,
  } as const;
  // Month, day and year: each a select whose first option, its label, stands for no choice yet.
  const selects: Array<{
    id: string;
    label: string;
    value: number | null;
    options: ReadonlyArray<readonly [number, string | number]>;
    onChange: (e: ChangeEvent<HTMLSelectElement>) => void;
  }> = [
    {
      id: 'birth-month',
      label: 'Month',
      value: month,
      options: MONTH_NAMES.map((name, i) => [i + 1, name] as const),
      onChange: select(monthSelected),
    },
    {
      id: 'birth-day',
      label: 'Day',
      value: day,
      options: days.map((d) => [d, d] as const),
      onChange: select(daySelected),
    },
    {
      id: 'birth-year',
      label: 'Year',
      value: year,
      options: yearOptions(today.year).map((y) => [y, y] as const),
      onChange: select(yearSelected),
    },
  ];

  return (
    <fieldset className="date-fields">
      <legend className="hero-sr-only">Birth date</legend>
      {selects.map(({ id, label, value, options, onChange }) => (
        <Field key={id} id={id} label={label}>
          <select id={id} {...common} value={value ?? ''} onChange={onChange}>
            <option value="">{label}</option>
            {options.map(([optionValue, optionLabel]) => (
              <option key={optionValue} value={optionValue}>
                {optionLabel}
              </option>
            ))}
          </select>
        </Field>
      ))}
    </fieldset>
  );
}

export default CreateHeroPage;
