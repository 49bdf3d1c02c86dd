/** rooms.export-user on the real PostgreSQL: the messages the user's heroes wrote, and no one else's. */
import { errorOf, RoomsHarness } from '../__tests__/harness.js';

const h = RoomsHarness.forFile();

describe('rooms.export-user', () => {
  it('gives every message of the user’s heroes, in any room, with the room’s title and the time', async () => {
    const mine = h.hero('Lyra Vale');
    const alsoMine = { ...h.hero('Orin Ash'), userId: mine.userId };
    const theirs = h.hero('Corvin Gray');
    const tavern = await h.createRoom(theirs, 'The Tavern at the Edge');
    const tower = await h.createRoom(alsoMine, 'The Silent Tower');
    const first = h.clock.now().toISOString();
    await h.bus.request('rooms.send', { roomId: tavern, hero: mine, message: 'Hello, stars' });
    await h.bus.request('rooms.send', { roomId: tavern, hero: theirs, message: 'Who goes there?' });
    h.clock.advance(1_000);
    const second = h.clock.now().toISOString();
    await h.bus.request('rooms.send', { roomId: tower, hero: alsoMine, message: 'Up the stairs' });

    const { messages } = await h.bus.request('rooms.export-user', { userId: mine.userId });
    expect(messages).toEqual([
      {
        id: expect.any(String),
        roomId: tavern,
        roomTitle: 'The Tavern at the Edge',
        heroId: mine.heroId,
        heroName: 'Lyra Vale',
        content: 'Hello, stars',
        sentAt: first,
      },
      {
        id: expect.any(String),
        roomId: tower,
        roomTitle: 'The Silent Tower',
        heroId: alsoMine.heroId,
        heroName: 'Orin Ash',
        content: 'Up the stairs',
        sentAt: second,
      },
    ]);
    // Not the other hero's line, nor the narrator's (its introduction is in both rooms).
    const { messages: theirMessages } = await h.bus.request('rooms.export-user', { userId: theirs.userId });
    expect(theirMessages.map((message) => message.content)).toEqual(['Who goes there?']);
  });

  it('refuses a malformed user id', async () => {
    expect(await errorOf(h.bus.request('rooms.export-user', { userId: 'nobody' }))).toMatchObject({
      status: 400,
    });
  });
});
