import { useState, type FormEvent } from 'react';
import { asApiError, ERROR_MESSAGES } from '../../app/apiErrors';
import { useAppSelector } from '../../app/hooks';
import { FormField, type FormFieldProps } from '../../components/FormField';
import { selectUser } from '../auth/authSlice';
import { AccountSection, FormOutcome } from './AccountSection';
import { useChangePasswordMutation } from './accountApi';
import { passwordFieldOf, passwordFormErrors, type PasswordErrors, type PasswordForm } from './accountForms';

export const PASSWORD_CHANGED = 'Your password is changed. Every other device has been signed out.';

const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS: Record<keyof PasswordForm, Omit<FormFieldProps, 'name'>> = {
  currentPassword: { label: 'Current password', type: 'password', autoComplete: 'current-password' },
  newPassword: {
    label: 'New password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 8 characters.',
  },
  confirmPassword: { label: 'Confirm new password', type: 'password', autoComplete: 'new-password' },
};

/** Change the password with the current one; every other session ends, this one carries on. */
export function PasswordSection() {
  const user = useAppSelector(selectUser);
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChanged(null);
    setFormError(null);
    const problems = passwordFormErrors(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await changePassword({ currentPassword: form.currentPassword, newPassword: form.newPassword }).unwrap();
      setForm(EMPTY);
      setChanged(PASSWORD_CHANGED);
    } catch (err) {
      const error = asApiError(err);
      // A wrong current password or a refused new one sits under its field; too many attempts,
      // offline or busy above the button.
      if (error?.status === 400) setErrors({ [passwordFieldOf(error.message)]: error.message });
      else setFormError(error?.message ?? ERROR_MESSAGES.generic);
    }
  }

  const field = (name: keyof PasswordForm) => (
    <FormField
      {...FIELDS[name]}
      name={name}
      value={form[name]}
      onChange={(event) => setForm((current) => ({ ...current, [name]: event.target.value }))}
      error={errors[name]}
    />
  );

  return (
    <AccountSection
      title="Password"
      description="Changing your password signs you out on every other device; this one stays signed in."
    >
      <form className="form account-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        {/* Tells password managers whose password this is. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={user?.email ?? ''}
          readOnly
          hidden
        />
        {field('currentPassword')}
        {field('newPassword')}
        {field('confirmPassword')}
        <FormOutcome error={formError} success={changed} />
        <div className="account-form__actions">
          <button type="submit" className="button button--primary" disabled={isLoading}>
            {isLoading ? 'Changing Password...' : 'Change Password'}
          </button>
        </div>
      </form>
    </AccountSection>
  );
}
