import { startStack, type TestStack } from '../__tests__/stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack('shares');
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

const INACTIVE = 'This shared hero link is no longer active.';

describe('share links', () => {
  it('shares a paid hero, opens it without a token, counts views, lists and deactivates it', async () => {
    const { api, baseUrl } = stack;
    const { token, heroId, hero } = await stack.newHero({ paid: true });

    const created = await api('POST', `/api/heroes/${heroId}/share`, { token });
    expect(created.status).toBe(201);
    const { message, sharedLink, ...link } = created.json;
    expect(link).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      shareId: link.id,
      heroId,
      heroName: hero.name,
      createdAt: expect.any(String),
      accessCount: 0,
      isActive: true,
      shareUrl: `${baseUrl}/share/${link.id}`,
    });
    // Clients of the contract read `message` and `sharedLink`, whose shareUrl is a path on the site.
    expect(message).toBe("Your hero's share link is ready.");
    expect(sharedLink).toEqual({
      shareId: link.id,
      shareUrl: `/share/${link.id}`,
      heroId,
      createdAt: link.createdAt,
      accessCount: 0,
      isActive: true,
    });

    // One active link per hero: sharing again answers the same link, also when raced.
    const again = await Promise.all([1, 2].map(() => api('POST', `/api/heroes/${heroId}/share`, { token })));
    expect(again.map((a) => a.json.id)).toEqual([link.id, link.id]);

    // A visitor: no token.
    const opened = await api('GET', `/api/share/${link.id}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(opened.json)).toEqual(['hero']);
    const shared = opened.json.hero;
    expect(Object.keys(shared).sort()).toEqual(
      ['backstory', 'cardPath', 'chineseZodiac', 'images', 'name', 'westernZodiac'].sort(),
    );
    expect(shared.cardPath).toMatch(new RegExp(`^/api/share/${link.id}/card/[A-Za-z0-9_-]{22}\\.png$`));
    expect(shared.name).toBe(hero.name);
    expect(shared.backstory).toBe(hero.backstory);
    expect(shared.backstory.length).toBeGreaterThan(303);
    expect(shared.westernZodiac).toEqual(hero.westernZodiac);
    expect(shared.chineseZodiac).toEqual(hero.chineseZodiac);
    expect(shared.images.map((image: { angle: string }) => image.angle)).toEqual([
      'front',
      'profile',
      'action',
    ]);
    // No ids and no birth date outside the media paths (whose keys are named by the hero id).
    const { images: _images, cardPath: _cardPath, ...text } = shared;
    expect(JSON.stringify(text)).not.toContain(heroId);
    expect(JSON.stringify(shared)).not.toContain('1990-07-25');
    for (const [index, image] of shared.images.entries()) {
      expect(Object.keys(image).sort()).toEqual(['angle', 'url']);
      const url = new URL(image.url, baseUrl);
      expect(url.pathname).toBe(`/media/heroes/${heroId}/full/${image.angle}.png`);
      const png = await fetch(url);
      expect(png.status).toBe(200);
      const stored = await stack.storage.get(`heroes/${heroId}/full/${shared.images[index].angle}.png`);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
      expect(Buffer.from(await png.arrayBuffer()).equals(Buffer.concat(chunks))).toBe(true);
    }

    // Views count atomically.
    await Promise.all([1, 2, 3].map(() => api('GET', `/api/share/${link.id}`)));
    const mine = await api('GET', '/api/user/shares', { token });
    expect(mine.status).toBe(200);
    expect(mine.json.sharedLinks).toEqual([{ ...link, accessCount: 4 }]);

    // Another user can neither see nor deactivate it.
    const stranger = await stack.newUser();
    expect((await api('GET', '/api/user/shares', { token: stranger.token })).json).toEqual({
      sharedLinks: [],
    });
    expect((await api('DELETE', `/api/shares/${link.id}`, { token: stranger.token })).status).toBe(404);

    const deactivated = await api('DELETE', `/api/shares/${link.id}`, { token });
    expect(deactivated.status).toBe(200);
    expect(deactivated.json).toEqual({ ...link, accessCount: 4, isActive: false });
    const gone = await api('GET', `/api/share/${link.id}`);
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({ error: INACTIVE, message: INACTIVE });
    // A view of an inactive link is not counted; the list keeps it, inactive.
    const after = await api('GET', '/api/user/shares', { token });
    expect(after.json.sharedLinks).toEqual([{ ...link, accessCount: 4, isActive: false }]);

    // Sharing again makes a new link, listed first.
    const fresh = await api('POST', `/api/heroes/${heroId}/share`, { token });
    expect(fresh.status).toBe(201);
    expect(fresh.json.id).not.toBe(link.id);
    const both = await api('GET', '/api/user/shares', { token });
    expect(both.json.sharedLinks.map((l: { id: string }) => l.id)).toEqual([fresh.json.id, link.id]);
  });

  it('refuses an unpaid owner (403) and answers 404 for another user’s hero and unknown links', async () => {
    const { api } = stack;
    const { token, heroId } = await stack.newHero({ paid: false });
    const unpaid = await api('POST', `/api/heroes/${heroId}/share`, { token });
    expect(unpaid.status).toBe(403);
    expect(unpaid.json.message).toBe('Sharing is available for premium heroes.');

    const stranger = await stack.newUser();
    const foreign = await api('POST', `/api/heroes/${heroId}/share`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.json.message).toBe('Hero not found.');

    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'not-a-share-id', '%27%20OR%201%3D1']) {
      const unknown = await api('GET', `/api/share/${id}`);
      expect(unknown.status).toBe(404);
      expect(unknown.json).toMatchObject({ error: INACTIVE, message: INACTIVE });
    }
    expect((await api('GET', '/api/user/shares')).status).toBe(401);
    expect((await api('POST', `/api/heroes/${heroId}/share`)).status).toBe(401);
  });

  it('stops answering a link once its hero is no longer paid', async () => {
    const { api } = stack;
    const { token, heroId } = await stack.newHero({ paid: true });
    const link = (await api('POST', `/api/heroes/${heroId}/share`, { token })).json;
    expect((await api('GET', `/api/share/${link.id}`)).status).toBe(200);
    await stack.db.query(`UPDATE heroes.heroes SET payment_status = 'unpaid' WHERE id = $1`, [heroId]);
    const refused = await api('GET', `/api/share/${link.id}`);
    expect(refused.status).toBe(404);
    expect(refused.json.error).toBe(INACTIVE);
  });
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

describe('OpenAPI', () => {
  it('documents what sharing and the list answer, the fields of older clients included', async () => {
    const { components, paths } = (await stack.api('GET', '/api/docs/json')).json;
    const refOf = (schema: { $ref?: string; items?: { $ref?: string } }) =>
      (schema.$ref ?? schema.items?.$ref ?? '').split('/').pop()!;
    const created = paths['/api/heroes/{id}/share'].post.responses['201'].content['application/json'].schema;
    const createdSchema = components.schemas[refOf(created)];
    expect(createdSchema.required).toEqual(
      expect.arrayContaining(['id', 'shareId', 'shareUrl', 'message', 'sharedLink']),
    );
    const summary = components.schemas[refOf(createdSchema.properties.sharedLink)];
    expect(summary.required).toEqual(
      expect.arrayContaining(['shareId', 'shareUrl', 'heroId', 'createdAt', 'accessCount', 'isActive']),
    );
    const list = paths['/api/user/shares'].get.responses['200'].content['application/json'].schema;
    const links = components.schemas[refOf(list)].properties.sharedLinks;
    expect(components.schemas[refOf(links)].required).toEqual(expect.arrayContaining(['shareId']));
  });
});
