import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { loginErrorMessage } from '../app/apiErrors';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { FormField } from '../components/FormField';
import { usePageMeta } from '../components/usePageMeta';
import { useLoginMutation } from '../features/auth/authApi';
import { selectIsAuthenticated } from '../features/auth/authSlice';
import { redirectTarget } from '../features/auth/redirect';
import { greetingName } from '../features/auth/session';
import { validateLogin, VALIDATION_MESSAGES } from '../features/auth/validation';
import { NOTIFICATION_DURATIONS, notify } from '../features/notifications/notificationsSlice';

export function LoginPage() {
  usePageMeta({
    title: 'Sign In',
    description: 'Sign in to Starborn and continue your cosmic hero journey.',
  });
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const location = useLocation();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  // Already signed in (or just signed in): go to the page the guard stopped, or home.
  if (isAuthenticated) return <Navigate to={redirectTarget(location.state)} replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateLogin({ email, password });
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    try {
      const session = await login({ email: email.trim(), password }).unwrap();
      dispatch(
        notify({
          type: 'success',
          title: 'Welcome Back!',
          message: `Welcome back, ${greetingName(session.user)}. The stars have missed you.`,
          duration: NOTIFICATION_DURATIONS.loginWelcome,
        }),
      );
    } catch (err) {
      setError(loginErrorMessage(err));
    }
  }

  return (
    <section className="auth-page" aria-labelledby="login-title">
      <div className="auth-card">
        <p className="eyebrow">Welcome back, traveller</p>
        <h1 id="login-title">Sign In</h1>
        <p className="muted">Continue your cosmic journey where the stars left you.</p>

        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}

        <form className="form" onSubmit={handleSubmit} noValidate>
          <FormField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            aria-invalid={error === VALIDATION_MESSAGES.invalidEmail || undefined}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <FormField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button type="submit" className="button button--primary button--block" disabled={isLoading}>
            {isLoading ? 'Signing In...' : 'Sign In'}
          </button>
        </form>

        <p className="auth-card__switch">
          New to Starborn? <Link to="/register">Create an account</Link>
        </p>
      </div>
    </section>
  );
}
