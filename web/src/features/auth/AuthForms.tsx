import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { usernameProblem } from '@onair/protocol/constants';
import { useAuth } from './AuthProvider';

type Errors = Partial<Record<string, string>>;

const required = (values: Record<string, string>, fields: string[], labels: Record<string, string>): Errors =>
  Object.fromEntries(fields.filter((f) => !values[f]?.trim()).map((f) => [f, `${labels[f]} is required`]));

/** `onDone` replaces going to Home after signing in (the invitation screen stays where it is). */
export function SignInForm({ prefill, onDone }: { prefill: { username: string; password: string } | null; onDone?: () => void }) {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (prefill) {
      setValues(prefill);
      setErrors({});
    }
  }, [prefill]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = required(values, ['username', 'password'], { username: 'Username', password: 'Password' });
    setErrors(found);
    if (Object.keys(found).length) return;
    login.mutate(values, { onSuccess: () => (onDone ? onDone() : void navigate({ to: '/' })) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Username"
          autoComplete="username"
          value={values.username}
          error={errors.username}
          onChange={(e) => setValues({ ...values, username: e.currentTarget.value })}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
        />
        <Button type="submit" loading={login.isPending} disabled={login.isPending} fullWidth>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}

export function SignUpForm({ defaultEmail = '', onDone }: { defaultEmail?: string; onDone?: () => void } = {}) {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: defaultEmail, username: '', password: '', firstName: '', lastName: '' });
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: keyof typeof values) => (e: { currentTarget: { value: string } }) =>
    setValues({ ...values, [field]: e.currentTarget.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = required(values, ['email', 'username', 'password'], { email: 'Email', username: 'Username', password: 'Password' });
    // Said at the field, before the server would answer with a 400 toast.
    const badName = found.username ? undefined : usernameProblem(values.username);
    if (badName) found.username = badName;
    setErrors(found);
    if (Object.keys(found).length) return;
    register.mutate(
      {
        email: values.email,
        username: values.username,
        password: values.password,
        ...(values.firstName.trim() ? { firstName: values.firstName } : {}),
        ...(values.lastName.trim() ? { lastName: values.lastName } : {}),
      },
      { onSuccess: () => (onDone ? onDone() : void navigate({ to: '/' })) },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Group grow>
          <TextInput label="First name" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} />
        </Group>
        <TextInput label="Email" type="email" autoComplete="email" value={values.email} error={errors.email} onChange={set('email')} />
        <TextInput label="Username" autoComplete="username" value={values.username} error={errors.username} onChange={set('username')} />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          description="At least 8 characters"
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
        <Button type="submit" loading={register.isPending} disabled={register.isPending} fullWidth>
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
