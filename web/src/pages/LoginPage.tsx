import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginErrorMessage } from '../app/apiErrors';
import { useAppSelector } from '../app/hooks';
import { FormField } from '../components/FormField';
import { usePageMeta } from '../components/usePageMeta';
import { isolated } from '../components/userText';
import { useLoginMutation } from '../features/auth/authApi';
import { AuthCard, EmailField, useAuthSubmit } from '../features/auth/AuthCard';
import { selectIsAuthenticated } from '../features/auth/authSlice';
import { carriedState, INVITED_NOTICE, invitationIn, redirectTarget } from '../features/auth/redirect';
import { validateLogin } from '../features/auth/validation';

export function LoginPage() {
  usePageMeta({
    title: 'Sign In',
    description: 'Sign in to Starborn and continue your cosmic hero journey.',
  });
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const location = useLocation();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, handleSubmit } = useAuthSubmit({
    validate: () => validateLogin({ email, password }),
    send: () => login({ email: email.trim(), password }).unwrap(),
    errorMessage: loginErrorMessage,
    welcome: (name) => ({
      title: 'Welcome Back!',
      message: `Welcome back, ${isolated(name)}. The stars have missed you.`,
    }),
  });

  // Already signed in (or just signed in): go to the page the guard stopped, or home.
  if (isAuthenticated) return <Navigate to={redirectTarget(location.state)} replace />;

  return (
    <AuthCard
      id="login-title"
      eyebrow="Welcome back, traveller"
      title="Sign In"
      lead="Continue your cosmic journey where the stars left you."
      error={error}
      onSubmit={handleSubmit}
      busy={isLoading}
      submitLabel="Sign In"
      busyLabel="Signing In..."
      // An invitation (or any stopped page) goes along to registration, so signing up leads there too.
      switchTo={{
        question: 'New to Starborn?',
        to: '/register',
        label: 'Create an account',
        state: carriedState(location.state),
      }}
      notice={invitationIn(location.state) ? INVITED_NOTICE : undefined}
    >
      <EmailField error={error} value={email} onChange={(e) => setEmail(e.target.value)} />
      <FormField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
    </AuthCard>
  );
}

export default LoginPage;
