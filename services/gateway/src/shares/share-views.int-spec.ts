import { startStack, type TestStack } from '../__tests__/stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack('share-views');
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

describe('share views', () => {
  it('counts a GET of the share as a view, never a HEAD', async () => {
    const { api } = stack;
    const { token, heroId } = await stack.newHero({ paid: true });
    const link = (await api('POST', `/api/heroes/${heroId}/share`, { token })).json;
    const count = async () =>
      (await api('GET', '/api/user/shares', { token })).json.sharedLinks.find(
        (l: { id: string }) => l.id === link.id,
      ).accessCount as number;

    for (let i = 0; i < 3; i++) {
      const head = await api('HEAD', `/api/share/${link.id}`);
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
    }
    expect(await count()).toBe(0);
    expect((await api('GET', `/api/share/${link.id}`)).status).toBe(200);
    expect(await count()).toBe(1);
    // HEAD still tells a dead link from a live one.
    await api('DELETE', `/api/shares/${link.id}`, { token });
    expect((await api('HEAD', `/api/share/${link.id}`)).status).toBe(404);
  });

  it('returns a hostile hero name as its literal text, escaped inside the backstory markdown', async () => {
    const { api, db } = stack;
    const name = '[Claim free premium](https://evil.example/x)';
    const { token } = await stack.newUser();
    const heroId = crypto.randomUUID().replaceAll('-', '');
    const created = await api('POST', '/api/heroes', {
      token,
      body: { heroName: name, birthdate: '1990-07-25', heroId },
    });
    expect(created.status).toBe(201);
    expect((await api('POST', `/api/heroes/generate/${heroId}`, { token })).status).toBe(200);
    await db.query(`UPDATE heroes.heroes SET payment_status = 'paid' WHERE id = $1`, [heroId]);
    const link = (await api('POST', `/api/heroes/${heroId}/share`, { token })).json;
    const { hero } = (await api('GET', `/api/share/${link.id}`)).json;
    expect(hero.name).toBe(name);
    expect(hero.backstory).toContain('\\[Claim free premium\\]\\(https\\:');
    expect(hero.backstory).not.toContain(name);
  }, 60_000);
});
