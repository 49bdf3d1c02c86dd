import { useEffect, useId, useRef, useState } from 'react';
import { asApiError, ERROR_MESSAGES } from '../../app/apiErrors';
import { useSignOut } from '../auth/useSignOut';
import { AccountSection, FormOutcome } from './AccountSection';
import { useSignOutEverywhereMutation } from './accountApi';

/**
 * Sign out everywhere: every session of the account ends, this browser's too, once the user has
 * confirmed it (the question replaces the button, and takes the focus).
 */
export function SessionsSection() {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signOutEverywhere, { isLoading }] = useSignOutEverywhereMutation();
  const signOut = useSignOut();
  const questionId = useId();
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  async function confirm() {
    setError(null);
    try {
      await signOutEverywhere().unwrap();
    } catch (err) {
      setError(asApiError(err)?.message ?? ERROR_MESSAGES.generic);
      return;
    }
    // The server has ended this session with the others: only the local part is left.
    await signOut({ revoke: false });
  }

  return (
    <AccountSection
      title="Sessions"
      description="Signed in somewhere you no longer use? Sign out everywhere ends every session of your account, this one included."
    >
      <FormOutcome error={error} />
      {confirming ? (
        <div className="account-confirm" role="group" aria-labelledby={questionId}>
          <p id={questionId} className="account-confirm__question">
            Sign out on every device, this one included?
          </p>
          <div className="account-form__actions">
            <button
              ref={confirmButton}
              type="button"
              className="button button--primary"
              disabled={isLoading}
              onClick={() => void confirm()}
            >
              {isLoading ? 'Signing Out...' : 'Yes, Sign Out Everywhere'}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div className="account-form__actions">
          <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
            Sign Out Everywhere
          </button>
        </div>
      )}
    </AccountSection>
  );
}
