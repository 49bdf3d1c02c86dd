import { useState, type FormEvent } from 'react';
import { asApiError, ERROR_MESSAGES } from '../../app/apiErrors';
import { useAppSelector } from '../../app/hooks';
import { FormField } from '../../components/FormField';
import { selectUser } from '../auth/authSlice';
import { AccountSection, FormOutcome } from './AccountSection';
import { useUpdateDisplayNameMutation } from './accountApi';
import { displayNameError } from './accountForms';

export const NAME_SAVED = 'Your display name is saved.';

/** Change the name Starborn greets the user by (the header shows the new one at once). */
export function DisplayNameSection() {
  const user = useAppSelector(selectUser);
  const [name, setName] = useState(user?.name ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [updateName, { isLoading }] = useUpdateDisplayNameMutation();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    setFormError(null);
    const problem = displayNameError(name);
    setFieldError(problem);
    if (problem) return;
    try {
      const updated = await updateName({ name: name.trim() }).unwrap();
      setName(updated.name);
      setSaved(NAME_SAVED);
    } catch (err) {
      const error = asApiError(err);
      // A refusal of the name itself sits under the field; anything else (offline, busy) above the button.
      if (error?.status === 400) setFieldError(error.message);
      else setFormError(error?.message ?? ERROR_MESSAGES.generic);
    }
  }

  return (
    <AccountSection title="Display name" description="The name Starborn greets you by.">
      <form className="form account-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <FormField
          label="Display name"
          name="name"
          type="text"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fieldError}
        />
        <FormOutcome error={formError} success={saved} />
        <div className="account-form__actions">
          <button type="submit" className="button button--primary" disabled={isLoading}>
            {isLoading ? 'Saving...' : 'Save Name'}
          </button>
        </div>
      </form>
    </AccountSection>
  );
}
