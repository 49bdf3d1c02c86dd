import { useId, type ReactNode } from 'react';
import '../../styles/account.css';

/**
 * One section of the account page (display name, password, sessions, and whatever joins them): a
 * titled <section> in the profile's style, labelled by its heading.
 */
export function AccountSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="profile-section account-section" aria-labelledby={headingId}>
      <div className="profile-section__header">
        <h2 id={headingId}>{title}</h2>
      </div>
      {description && <p className="muted account-section__description">{description}</p>}
      {children}
    </section>
  );
}

/**
 * A form's outcome: what went wrong as an alert, what succeeded as a status. The status region is
 * always in the page, so screen readers announce the message it receives.
 */
export function FormOutcome({ error, success }: { error?: string | null; success?: string | null }) {
  return (
    <>
      {error && (
        <p className="form-error account-form__error" role="alert">
          {error}
        </p>
      )}
      <p className="account-form__status" role="status">
        {success ?? ''}
      </p>
    </>
  );
}
