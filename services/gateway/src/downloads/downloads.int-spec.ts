import { bookFileName } from '@starborn/book';
import { StorybookModule } from '@starborn/storybook';
import { unzip } from '@starborn/testing';
import { startStack, type TestStack } from '../__tests__/stack.js';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack('downloads', { services: { storybook: StorybookModule } });
}, 60_000);

afterAll(() => stack?.close());

/** Chapter 1 of the hero's storybook once it is written. */
async function firstChapterWritten(
  token: string,
  heroId: string,
): Promise<{ title: string; content: string }> {
  return (await stack.firstChapterWritten(token, heroId)).chapters[0];
}

async function stored(key: string): Promise<Buffer> {
  const object = await stack.storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of object!.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('download bundle', () => {
  it('streams a paid owner’s zip: full images, the whole backstory, hero.json and the chapters', async () => {
    const { token, heroId, hero } = await stack.newHero({ paid: true });
    const chapter = await firstChapterWritten(token, heroId);
    const response = await stack.api('GET', `/api/heroes/${heroId}/download`, { token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="hero_${heroId}_assets.zip"`,
    );

    const entries = await unzip(response.body);
    const epub = `book/${bookFileName(hero.name, 'epub')}`;
    const pdf = `book/${bookFileName(hero.name, 'pdf')}`;
    expect([...entries.keys()].sort()).toEqual(
      [
        'action.png',
        'backstory.md',
        'chapters/',
        'chapters/chapter-01.md',
        'front.png',
        'hero.json',
        'profile.png',
        epub,
        pdf,
      ].sort(),
    );
    // The storybook as a book, in both formats (its content is the export suite's to check).
    expect(entries.get(epub)!.subarray(30, 38).toString('ascii')).toBe('mimetype');
    expect(entries.get(pdf)!.subarray(0, 5).toString('ascii')).toBe('%PDF-');
    expect(entries.get('chapters/chapter-01.md')!.toString('utf8')).toBe(`${chapter.content.trimEnd()}\n`);
    for (const angle of ['front', 'profile', 'action']) {
      expect(entries.get(`${angle}.png`)!.equals(await stored(`heroes/${heroId}/full/${angle}.png`))).toBe(
        true,
      );
    }
    expect(hero.backstoryTruncated).toBe(false);
    expect(entries.get('backstory.md')!.toString('utf8')).toBe(hero.backstory);

    const meta = JSON.parse(entries.get('hero.json')!.toString('utf8'));
    expect(meta).toMatchObject({
      name: hero.name,
      birthdate: '1990-07-25',
      westernZodiac: hero.westernZodiac,
      chineseZodiac: hero.chineseZodiac,
      createdAt: hero.createdAt,
    });
    expect(meta.images).toEqual(
      hero.images.map((image: { angle: string; prompt: string }) => ({
        angle: image.angle,
        file: `${image.angle}.png`,
        prompt: image.prompt,
      })),
    );
  });

  it('refuses an unpaid owner (403) and answers 404 to anyone else', async () => {
    const { token, heroId } = await stack.newHero({ paid: false });
    const unpaid = await stack.api('GET', `/api/heroes/${heroId}/download`, { token });
    expect(unpaid.status).toBe(403);
    expect(unpaid.json.message).toBe(
      'You do not have permission to download this hero or payment is required.',
    );

    const paid = await stack.newHero({ paid: true });
    const stranger = await stack.newUser();
    for (const id of [heroId, paid.heroId, 'nonsense']) {
      const foreign = await stack.api('GET', `/api/heroes/${id}/download`, { token: stranger.token });
      expect(foreign.status).toBe(404);
      expect(foreign.json.message).toBe('Hero not found.');
    }
    expect((await stack.api('GET', `/api/heroes/${paid.heroId}/download`)).status).toBe(401);
  });

  it('goes without chapters (never fails) when the hero has no storybook', async () => {
    const { token, heroId, hero } = await stack.newHero({ paid: true });
    await firstChapterWritten(token, heroId);
    await stack.db.query(`DELETE FROM storybook.storybooks WHERE hero_id = $1`, [heroId]);
    expect((await stack.api('GET', `/api/heroes/${heroId}/storybook`, { token })).status).toBe(202);

    const response = await stack.api('GET', `/api/heroes/${heroId}/download`, { token });
    expect(response.status).toBe(200);
    const names = [...(await unzip(response.body)).keys()].sort();
    expect(names).toEqual(
      [
        'action.png',
        'backstory.md',
        'chapters/',
        'front.png',
        'hero.json',
        'profile.png',
        `book/${bookFileName(hero.name, 'epub')}`,
        `book/${bookFileName(hero.name, 'pdf')}`,
      ].sort(),
    );
  });
});
