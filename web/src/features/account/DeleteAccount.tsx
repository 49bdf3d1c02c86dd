import { useEffect, useRef, useState, type FormEvent } from 'react';
import { asApiError } from '../../app/apiErrors';
import { FormField } from '../../components/FormField';
import { useSignOut } from '../auth/useSignOut';
import { AccountSection, FormOutcome } from './AccountSection';
import { DELETION_KEEPS, DELETION_MESSAGES, DELETION_REMOVES, deletionErrorOf } from './deleteAccount';
import { useDeleteAccountMutation } from './deleteAccountApi';
import '../../styles/account-deletion.css';

/**
 * The danger zone: what deleting the account removes and keeps, the current password, then a last
 * question (which takes the focus) before anything happens. Once deleted, the browser is signed out
 * and lands on the home page with a notice.
 */
export function DeleteAccount() {
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; form?: string }>({});
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const signOut = useSignOut();
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  function askToConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setErrors({ password: DELETION_MESSAGES.passwordRequired });
      return;
    }
    setErrors({});
    setConfirming(true);
  }

  async function confirm() {
    try {
      await deleteAccount({ password }).unwrap();
    } catch (err) {
      setErrors(deletionErrorOf(asApiError(err)));
      setConfirming(false);
      return;
    }
    // The server has ended every session of the account: only the local part is left.
    await signOut({
      revoke: false,
      notice: { title: 'Account Deleted', message: DELETION_MESSAGES.deleted },
    });
  }

  return (
    <AccountSection
      title="Delete Account"
      description="Deleting your account cannot be undone. Download your data first if you want to keep it."
    >
      <div className="account-danger" data-testid="delete-account">
        <div className="account-danger__lists">
          <div>
            <h3 className="account-danger__heading">What is deleted</h3>
            <ul>
              {DELETION_REMOVES.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="account-danger__heading">What is kept</h3>
            <ul>
              {DELETION_KEEPS.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
        <form className="account-form" noValidate onSubmit={askToConfirm}>
          <FormField
            label="Current password"
            type="password"
            name="deletePassword"
            autoComplete="current-password"
            value={password}
            disabled={confirming || isLoading}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
          />
          <FormOutcome error={errors.form} />
          {confirming ? (
            <div className="account-confirm" role="group" aria-label="Confirm account deletion">
              <p className="account-confirm__question">
                Delete your account and everything in it for good? This cannot be undone.
              </p>
              <div className="account-form__actions">
                <button
                  ref={confirmButton}
                  type="button"
                  className="button account-danger__button"
                  disabled={isLoading}
                  aria-busy={isLoading}
                  onClick={() => void confirm()}
                >
                  {isLoading ? 'Deleting Your Account...' : 'Yes, Delete My Account'}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={isLoading}
                  onClick={() => setConfirming(false)}
                >
                  Cancel
                </button>
              </div>
            </div>
          ) : (
            <div className="account-form__actions">
              <button type="submit" className="button account-danger__button">
                Delete My Account
              </button>
            </div>
          )}
        </form>
      </div>
    </AccountSection>
  );
}
