import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { registerErrorMessage } from '../app/apiErrors';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { FormField } from '../components/FormField';
import { usePageMeta } from '../components/usePageMeta';
import { useRegisterMutation } from '../features/auth/authApi';
import { selectIsAuthenticated } from '../features/auth/authSlice';
import { greetingName } from '../features/auth/session';
import { validateRegister, VALIDATION_MESSAGES } from '../features/auth/validation';
import { NOTIFICATION_DURATIONS, notify } from '../features/notifications/notificationsSlice';

export function RegisterPage() {
  usePageMeta({
    title: 'Create Your Account',
    description: 'Join Starborn and bring your zodiac hero to life.',
  });
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const [register, { isLoading }] = useRegisterMutation();
  const [form, setForm] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);

  // Registration signs the user in; the signed-in state then sends them home.
  if (isAuthenticated) return <Navigate to="/" replace />;

  const update = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateRegister(form);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    try {
      const session = await register({
        name: form.name.trim(),
        email: form.email.trim(),
        password: form.password,
      }).unwrap();
      dispatch(
        notify({
          type: 'success',
          title: 'Welcome to Starborn!',
          message: `Welcome, ${greetingName(session.user)}. Your hero journey begins now.`,
          duration: NOTIFICATION_DURATIONS.loginWelcome,
        }),
      );
    } catch (err) {
      setError(registerErrorMessage(err));
    }
  }

  return (
    <section className="auth-page" aria-labelledby="register-title">
      <div className="auth-card">
        <p className="eyebrow">Your legend starts here</p>
        <h1 id="register-title">Create Your Account</h1>
        <p className="muted">Join Starborn and let the stars shape your hero.</p>

        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}

        <form className="form" onSubmit={handleSubmit} noValidate>
          <FormField
            label="Full Name"
            type="text"
            name="name"
            autoComplete="name"
            value={form.name}
            onChange={update('name')}
          />
          <FormField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            aria-invalid={error === VALIDATION_MESSAGES.invalidEmail || undefined}
            value={form.email}
            onChange={update('email')}
          />
          <FormField
            label="Password"
            type="password"
            name="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            value={form.password}
            onChange={update('password')}
          />
          <FormField
            label="Confirm Password"
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={update('confirmPassword')}
          />
          <button type="submit" className="button button--primary button--block" disabled={isLoading}>
            {isLoading ? 'Creating Account...' : 'Create Account'}
          </button>
        </form>

        <p className="auth-card__switch">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </section>
  );
}
