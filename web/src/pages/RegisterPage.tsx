import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { registerErrorMessage } from '../app/apiErrors';
import { useAppSelector } from '../app/hooks';
import { FormField, type FormFieldProps } from '../components/FormField';
import { usePageMeta } from '../components/usePageMeta';
import { isolated } from '../components/userText';
import { useRegisterMutation } from '../features/auth/authApi';
import { AuthCard, EmailField, useAuthSubmit } from '../features/auth/AuthCard';
import { selectIsAuthenticated } from '../features/auth/authSlice';
import {
  AFTER_REGISTER_PATH,
  carriedState,
  INVITED_NOTICE,
  invitationIn,
  redirectTarget,
} from '../features/auth/redirect';
import { validateRegister } from '../features/auth/validation';

type RegisterField = 'name' | 'password' | 'confirmPassword';

/** The fields besides the email, in the order they appear around it. */
const FIELDS: Record<RegisterField, Omit<FormFieldProps, 'name'>> = {
  name: { label: 'Full Name', type: 'text', autoComplete: 'name' },
  password: {
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 8 characters.',
  },
  confirmPassword: { label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
};

export function RegisterPage() {
  usePageMeta({
    title: 'Create Your Account',
    description: 'Join Starborn and bring your zodiac hero to life.',
  });
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const location = useLocation();
  const [register, { isLoading }] = useRegisterMutation();
  const [form, setForm] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const { error, handleSubmit } = useAuthSubmit({
    validate: () => validateRegister(form),
    send: () =>
      register({
        name: form.name.trim(),
        email: form.email.trim(),
        password: form.password,
      }).unwrap(),
    errorMessage: registerErrorMessage,
    welcome: (name) => ({
      title: 'Welcome to Starborn!',
      message: `Welcome, ${isolated(name)}. Your hero journey begins now.`,
    }),
  });

  // Registration signs the user in; the signed-in state then sends them where they came for (an
  // invitation, a page the guard stopped), else to the wizard. A visit while already signed in goes to
  // the wizard too: it is where the landing's call to action leads, and before the prerendered landing
  // has hydrated that link still reads /register.
  if (isAuthenticated) return <Navigate to={redirectTarget(location.state, AFTER_REGISTER_PATH)} replace />;

  const update = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  const field = (name: RegisterField) => (
    <FormField {...FIELDS[name]} name={name} value={form[name]} onChange={update(name)} />
  );

  return (
    <AuthCard
      id="register-title"
      eyebrow="Your legend starts here"
      title="Create Your Account"
      lead="Join Starborn and let the stars shape your hero."
      error={error}
      onSubmit={handleSubmit}
      busy={isLoading}
      submitLabel="Create Account"
      busyLabel="Creating Account..."
      switchTo={{
        question: 'Already have an account?',
        to: '/login',
        label: 'Sign in',
        state: carriedState(location.state),
      }}
      notice={invitationIn(location.state) ? INVITED_NOTICE : undefined}
    >
      {field('name')}
      <EmailField error={error} value={form.email} onChange={update('email')} />
      {field('password')}
      {field('confirmPassword')}
    </AuthCard>
  );
}

export default RegisterPage;
