import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { useAppSelector } from '../../app/hooks';
import { Field } from '../../components/FormField';
import { CheckIcon } from '../../components/Icons';
import { selectUser } from '../auth/authSlice';
import { atLeast, SUPPORT_MIN_SENDING_MS } from './minimumDuration';
import {
  supportFailure,
  useSubmitSupportRequestMutation,
  type SupportFailure,
  type SupportRequest,
} from './supportApi';
import {
  DEFAULT_SUPPORT_CATEGORY,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_LIMITS,
  toSupportRequest,
  validateSupportForm,
  type SupportCategory,
  type SupportForm as SupportFormValues,
} from './validation';

type Status = 'idle' | 'sending' | 'success' | 'error';

function RequiredMark() {
  return (
    <span className="field__required" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/** A field of the form, its label marked when it must be filled. */
function SupportField({
  id,
  label,
  required = false,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <Field
      id={id}
      label={
        <>
          {label}
          {required && <RequiredMark />}
        </>
      }
    >
      {children}
    </Field>
  );
}

type TextField = 'name' | 'email' | 'subject';

/** The single-line text fields: their label, whether they are required, and their own input attributes. */
const TEXT_FIELDS: Record<
  TextField,
  { label: string; required: boolean } & Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'inputMode' | 'autoComplete'
  >
> = {
  name: { label: 'Name', required: true, autoComplete: 'name' },
  email: { label: 'Email', required: true, type: 'email', inputMode: 'email', autoComplete: 'email' },
  subject: { label: 'Subject', required: false },
};

/**
 * The support message form: idle → sending (at least 1.5 s, while the request runs)
 * → success (the form is replaced by a confirmation) or error (the form keeps everything typed, so
 * the message can be sent again).
 */
export function SupportForm() {
  const user = useAppSelector(selectUser);
  const id = useId();
  const [submit] = useSubmitSupportRequestMutation();
  const [values, setValues] = useState<SupportFormValues>(() => ({
    name: user?.name ?? '',
    email: user?.email ?? '',
    subject: '',
    message: '',
    category: DEFAULT_SUPPORT_CATEGORY,
  }));
  // The support page is prerendered and hydrates as a visitor sees it: a signed-in user becomes known
  // just after. Their name and email are filled in then, without overwriting anything typed.
  const [filledFor, setFilledFor] = useState(user?.id ?? null);
  if ((user?.id ?? null) !== filledFor) {
    setFilledFor(user?.id ?? null);
    if (user)
      setValues((current) => ({
        ...current,
        name: current.name || user.name,
        email: current.email || user.email,
      }));
  }
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<SupportFailure | null>(null);
  const [sent, setSent] = useState<SupportRequest | null>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (status === 'success') confirmationRef.current?.focus();
  }, [status]);

  const set = <K extends keyof SupportFormValues>(key: K, value: SupportFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    const invalid = validateSupportForm(values);
    if (invalid) {
      setError({ message: invalid });
      setStatus('error');
      return;
    }
    setError(null);
    setStatus('sending');
    try {
      const saved = await atLeast(submit(toSupportRequest(values)).unwrap(), SUPPORT_MIN_SENDING_MS);
      setSent(saved);
      setStatus('success');
    } catch (err) {
      setError(supportFailure(err));
      setStatus('error');
    }
  }

  function startOver() {
    setValues((current) => ({
      name: sent?.name ?? current.name,
      email: sent?.email ?? current.email,
      subject: '',
      message: '',
      category: DEFAULT_SUPPORT_CATEGORY,
    }));
    setSent(null);
    setError(null);
    setStatus('idle');
  }

  if (status === 'success' && sent) {
    return (
      <div className="form-success">
        <CheckIcon width={40} height={40} className="form-success__icon" />
        <h3 ref={confirmationRef} tabIndex={-1}>
          Message Sent
        </h3>
        <p>
          Thank you, <bdi>{sent.name}</bdi>. Your message has reached our support team, and we will reply to{' '}
          <strong>{sent.email}</strong> within 24 hours.
        </p>
        <p className="muted">
          Reference: <span className="form-success__reference">{sent.id.slice(0, 8).toUpperCase()}</span>
        </p>
        <button type="button" className="button button--ghost" onClick={startOver}>
          Send Another Message
        </button>
      </div>
    );
  }

  const sending = status === 'sending';
  const field = (name: string) => `${id}-${name}`;
  const textInput = (key: TextField) => {
    const { label, required, ...input } = TEXT_FIELDS[key];
    return (
      <SupportField id={field(key)} label={label} required={required}>
        <input
          id={field(key)}
          className="field__input"
          name={key}
          {...input}
          maxLength={SUPPORT_LIMITS[key]}
          aria-required={required || undefined}
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
        />
      </SupportField>
    );
  };

  return (
    <form className="form support-form" onSubmit={handleSubmit} noValidate aria-busy={sending}>
      {error && (
        <div className="form-error" role="alert">
          <p>{error.message}</p>
          {error.detail && <p>{error.detail}</p>}
        </div>
      )}
      <p className="field__hint">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      <fieldset className="support-form__fields" disabled={sending}>
        <legend className="visually-hidden">Your message</legend>
        <div className="support-form__row">
          {textInput('name')}
          {textInput('email')}
        </div>
        <div className="support-form__row">
          {textInput('subject')}
          <SupportField id={field('category')} label="Category">
            <select
              id={field('category')}
              className="field__input field__select"
              name="category"
              value={values.category}
              onChange={(e) => set('category', e.target.value as SupportCategory)}
            >
              {SUPPORT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {SUPPORT_CATEGORY_LABELS[category]}
                </option>
              ))}
            </select>
          </SupportField>
        </div>
        <SupportField id={field('message')} label="Message" required>
          <textarea
            id={field('message')}
            className="field__input field__textarea"
            name="message"
            rows={7}
            maxLength={SUPPORT_LIMITS.message}
            aria-required="true"
            aria-describedby={field('message-hint')}
            value={values.message}
            onChange={(e) => set('message', e.target.value)}
          />
          <p id={field('message-hint')} className="field__hint">
            Tell us what happened and, if it is about a hero, its name. {values.message.length}/
            {SUPPORT_LIMITS.message} characters.
          </p>
        </SupportField>
      </fieldset>
      <button type="submit" className="button button--primary button--block" disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
