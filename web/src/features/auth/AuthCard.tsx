import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { FormField, type FormFieldProps } from '../../components/FormField';
import { NOTIFICATION_DURATIONS, notify } from '../notifications/notificationsSlice';
import { greetingName, type Session } from './session';
import { VALIDATION_MESSAGES } from './validation';

export interface AuthSubmit {
  /** The first problem with what was typed, or null to send it. */
  validate: () => string | null;
  send: () => Promise<Session>;
  errorMessage: (err: unknown) => string;
  welcome: (name: string) => { title: string; message: string };
}

/** Sign-in and registration: check the form, send it, greet the user or show why it failed. */
export function useAuthSubmit({ validate, send, errorMessage, welcome }: AuthSubmit) {
  const dispatch = useAppDispatch();
  const [error, setError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validate();
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    try {
      const session = await send();
      dispatch(
        notify({
          type: 'success',
          ...welcome(greetingName(session.user)),
          duration: NOTIFICATION_DURATIONS.loginWelcome,
        }),
      );
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  return { error, handleSubmit };
}

/** The email field of both forms, marked invalid when the address is what was refused. */
export function EmailField({ error, ...input }: Omit<FormFieldProps, 'label'> & { error: string | null }) {
  return (
    <FormField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      aria-invalid={error === VALIDATION_MESSAGES.invalidEmail || undefined}
      {...input}
    />
  );
}

export interface AuthCardProps {
  id: string;
  eyebrow: string;
  title: string;
  lead: string;
  error: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** The line under the form that leads to the other auth page (carrying the stopped page along). */
  switchTo: { question: string; to: string; label: string; state?: { from: string } };
  /** What the person came for, said above the form (a room invitation). */
  notice?: ReactNode;
  children: ReactNode;
}

/** The card around the sign-in and registration forms. */
export function AuthCard({
  id,
  eyebrow,
  title,
  lead,
  error,
  onSubmit,
  busy,
  submitLabel,
  busyLabel,
  switchTo,
  notice,
  children,
}: AuthCardProps) {
  return (
    <section className="auth-page" aria-labelledby={id}>
      <div className="auth-card">
        <p className="eyebrow">{eyebrow}</p>
        <h1 id={id}>{title}</h1>
        <p className="muted">{lead}</p>
        {notice && (
          <p className="auth-card__notice" data-testid="auth-notice">
            {notice}
          </p>
        )}

        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}

        <form className="form" onSubmit={onSubmit} noValidate>
          {children}
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
        </form>

        <p className="auth-card__switch">
          {switchTo.question}{' '}
          <Link to={switchTo.to} state={switchTo.state}>
            {switchTo.label}
          </Link>
        </p>
      </div>
    </section>
  );
}
