import { RemoteError } from '@starborn/messaging';
import { errorOf } from '@starborn/testing';
import { importSPKI, jwtVerify } from 'jose';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { AuthHarness } from './__tests__/harness.js';

const h = AuthHarness.forFile('auth');

describe('support requests', () => {
  const valid = {
    name: 'Ada',
    email: 'ada@example.com',
    subject: 'Hello',
    message: 'My hero is shy.',
    userId: null,
  };

  it('stores a support request with the default category', async () => {
    const saved = await h.bus.request('auth.create-support-request', {
      ...valid,
      category: 'general-inquiry',
    });
    expect(saved).toMatchObject({ ...valid, category: 'general-inquiry', id: expect.any(String) });
    const client = new pg.Client({ connectionString: h.database.url });
    await client.connect();
    const { rows } = await client.query(
      'SELECT name, email, message, category FROM auth.support_requests WHERE id = $1',
      [saved.id],
    );
    await client.end();
    expect(rows).toEqual([
      { name: 'Ada', email: 'ada@example.com', message: 'My hero is shy.', category: 'general-inquiry' },
    ]);
  });

  it('refuses missing fields, a bad email and an unknown category with their messages', async () => {
    const attempt = (overrides: object) =>
      errorOf(h.bus.request('auth.create-support-request', { ...valid, category: 'billing', ...overrides }));
    expect(await attempt({ message: '  ' })).toMatchObject({
      status: 400,
      message: 'Please fill in all required fields',
    });
    expect(await attempt({ email: 'nope' })).toMatchObject({
      status: 400,
      message: 'Please enter a valid email address',
    });
    expect(await attempt({ category: 'love-letter' })).toMatchObject({ status: 400 });
  });
});

describe('auth service', () => {
  it('registers a user, logs them in, and signs a 7-day EdDSA token the public key verifies', async () => {
    const session = await h.bus.request('auth.register', {
      name: 'Nova Star',
      email: 'nova@example.com',
      password: 'correct horse',
    });

    expect(session.user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Nova Star',
      email: 'nova@example.com',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const publicKey = await importSPKI(
      await readFile(join(h.keysDir, 'auth-ed25519', 'public.pem'), 'utf8'),
      'EdDSA',
    );
    const { payload, protectedHeader } = await jwtVerify(session.token, publicKey, {
      issuer: 'starborn-auth',
      audience: 'starborn',
    });
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(payload.sub).toBe(session.user.id);
    expect(payload.exp! - payload.iat!).toBe(7 * 24 * 3600);
  });

  it('stores an argon2id hash, never the password', async () => {
    await h.bus.request('auth.register', {
      name: 'Hash Check',
      email: 'hash@example.com',
      password: 'a secret phrase',
    });
    const client = new pg.Client({ connectionString: h.database.url });
    await client.connect();
    const { rows } = await client.query(
      `SELECT password_hash FROM auth.users WHERE email = 'hash@example.com'`,
    );
    await client.end();
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].password_hash).not.toContain('a secret phrase');
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    await h.bus.request('auth.register', {
      name: 'Orion',
      email: 'orion@example.com',
      password: 'hunter2hunter2',
    });
    const error = await errorOf(
      h.bus.request('auth.register', {
        name: 'Other',
        email: 'ORION@Example.com',
        password: 'different-pass',
      }),
    );
    expect(error).toEqual({ status: 409, code: 'EMAIL_EXISTS', message: 'Email already exists' });
  });

  it('lets exactly one of two simultaneous sign-ups with one email win', async () => {
    const attempt = () =>
      h.bus
        .request('auth.register', { name: 'Twin', email: 'twin@example.com', password: 'twin-password' })
        .then(
          () => 'ok',
          (error: RemoteError) => error.status,
        );
    const results = await Promise.all([attempt(), attempt(), attempt()]);
    expect(results.sort()).toEqual([409, 409, 'ok']);
  });

  it('logs in case-insensitively and refuses wrong credentials with 401', async () => {
    const registered = await h.bus.request('auth.register', {
      name: 'Lyra',
      email: 'lyra@example.com',
      password: 'constellation',
    });

    const session = await h.bus.request('auth.login', {
      email: 'LYRA@example.com',
      password: 'constellation',
    });
    expect(session.user.id).toBe(registered.user.id);

    const wrongPassword = await errorOf(
      h.bus.request('auth.login', { email: 'lyra@example.com', password: 'wrong-password' }),
    );
    const unknownEmail = await errorOf(
      h.bus.request('auth.login', { email: 'nobody@example.com', password: 'constellation' }),
    );
    const expected = {
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password. Please try again.',
    };
    expect(wrongPassword).toEqual(expected);
    expect(unknownEmail).toEqual(expected); // no hint that the email exists
  });

  it.each([
    [
      { name: 'Short', email: 'short@example.com', password: 'seven77' },
      'Password must be at least 8 characters long',
    ],
    [{ name: ' ', email: 'blank@example.com', password: 'long enough' }, 'Please fill in all fields'],
    [{ name: 'Bad', email: 'not-an-email', password: 'long enough' }, 'Please enter a valid email address'],
  ])('validates registrations where the data is written: %j', async (registration, message) => {
    expect(await errorOf(h.bus.request('auth.register', registration))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message,
    });
  });

  it('returns the current user, and 401 for a user that no longer exists', async () => {
    const { user } = await h.bus.request('auth.register', {
      name: 'Vega',
      email: 'vega@example.com',
      password: 'summer-triangle',
    });
    await expect(h.bus.request('auth.get-user', { userId: user.id })).resolves.toEqual(user);
    expect(
      await errorOf(h.bus.request('auth.get-user', { userId: '00000000-0000-4000-8000-000000000000' })),
    ).toMatchObject({
      status: 401,
    });
  });

  it('keeps its tables and migration history in its own schema, and reports healthy', async () => {
    const client = new pg.Client({ connectionString: h.database.url });
    await client.connect();
    const { rows } = await client.query(
      `SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    );
    await client.end();
    expect(rows).toEqual([
      { table_schema: 'auth', table_name: 'migrations' },
      { table_schema: 'auth', table_name: 'support_requests' },
      { table_schema: 'auth', table_name: 'user_deletions' },
      { table_schema: 'auth', table_name: 'users' },
    ]);
    await expect(h.bus.request('auth.health', {})).resolves.toMatchObject({
      service: 'auth',
      status: 'ok',
      database: 'ok',
    });
  });
});

describe('account changes', () => {
  const register = (email: string, password = 'first-password') =>
    h.bus.request('auth.register', { name: 'Altair', email, password });

  it('renames the user, trimmed, and keeps the new name', async () => {
    const { user } = await register('rename@example.com');
    const renamed = await h.bus.request('auth.update-profile', { userId: user.id, name: '  Altair Prime ' });
    expect(renamed).toMatchObject({ id: user.id, name: 'Altair Prime', email: 'rename@example.com' });
    expect(Date.parse(renamed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(user.updatedAt));
    await expect(h.bus.request('auth.get-user', { userId: user.id })).resolves.toEqual(renamed);
  });

  it('refuses a blank or too long name with registration’s messages, and an unknown user with 401', async () => {
    const { user } = await register('bad-name@example.com');
    const rename = (userId: string, name: string) =>
      errorOf(h.bus.request('auth.update-profile', { userId, name }));
    expect(await rename(user.id, '   ')).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Please enter your name',
    });
    expect(await rename(user.id, 'n'.repeat(101))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Name must be at most 100 characters long',
    });
    expect(await rename('00000000-0000-4000-8000-000000000000', 'Ghost')).toMatchObject({ status: 401 });
    await expect(h.bus.request('auth.get-user', { userId: user.id })).resolves.toMatchObject({
      name: 'Altair',
    });
  });

  it('changes the password with the current one: a fresh token, the new password signs in, the old does not', async () => {
    const { user } = await register('change@example.com');
    const session = await h.bus.request('auth.change-password', {
      userId: user.id,
      currentPassword: 'first-password',
      newPassword: 'second-password',
    });
    expect(session.user.id).toBe(user.id);
    expect(session.token).toEqual(expect.any(String));
    await expect(
      h.bus.request('auth.login', { email: 'change@example.com', password: 'second-password' }),
    ).resolves.toMatchObject({ user: { id: user.id } });
    expect(
      await errorOf(h.bus.request('auth.login', { email: 'change@example.com', password: 'first-password' })),
    ).toMatchObject({ status: 401 });
  });

  it('refuses a wrong current password with 400 and a clear message, and keeps the old password', async () => {
    const { user } = await register('wrong-current@example.com');
    const error = await errorOf(
      h.bus.request('auth.change-password', {
        userId: user.id,
        currentPassword: 'not-my-password',
        newPassword: 'second-password',
      }),
    );
    expect(error).toEqual({
      status: 400,
      code: 'INVALID_CREDENTIALS',
      message: 'Your current password is incorrect.',
    });
    await expect(
      h.bus.request('auth.login', { email: 'wrong-current@example.com', password: 'first-password' }),
    ).resolves.toMatchObject({ user: { id: user.id } });
  });

  it.each([
    ['Please fill in all fields', { currentPassword: '', newPassword: 'second-password' }],
    [
      'Password must be at least 8 characters long',
      { currentPassword: 'first-password', newPassword: 'seven77' },
    ],
    [
      'Password must be at most 256 characters long',
      { currentPassword: 'first-password', newPassword: 'p'.repeat(257) },
    ],
    [
      'Your new password must be different from your current password',
      { currentPassword: 'first-password', newPassword: 'first-password' },
    ],
  ])('holds the new password to registration’s rules: %s', async (message, passwords) => {
    const { user } = await register(`rules-${message.length}-${passwords.newPassword.length}@example.com`);
    expect(await errorOf(h.bus.request('auth.change-password', { userId: user.id, ...passwords }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message,
    });
  });

  it('lets only one of two simultaneous changes from the same current password land', async () => {
    const { user } = await register('race@example.com');
    const change = (newPassword: string) =>
      h.bus
        .request('auth.change-password', { userId: user.id, currentPassword: 'first-password', newPassword })
        .then(
          () => newPassword,
          (error: RemoteError) => error.status,
        );
    const results = await Promise.all([change('racer-one-pw'), change('racer-two-pw')]);
    const winner = results.find((result) => typeof result === 'string');
    expect(results.filter((result) => result === 400)).toHaveLength(1);
    await expect(
      h.bus.request('auth.login', { email: 'race@example.com', password: winner as string }),
    ).resolves.toMatchObject({ user: { id: user.id } });
  });
});
