/**
 * Paid chapter packs: recorded from payment.succeeded, spent once by storybook.unlock or
 * storybook.unlock-after-payment (or by the sweep after the grace), with payments asked when the event
 * has not arrived — on the real PostgreSQL and Redis, payments faked at the wire.
 */
import {
  CHAPTER_PACK_COUNT_INVALID,
  CHAPTER_PACK_PAYMENT_REQUIRED,
  STORY_FULLY_UNLOCKED,
  STORYBOOK_NOT_FOUND,
} from '@starborn/contracts';
import { eventually } from '@starborn/testing';
import { DAY, errorOf, releaseClockStart, StorybookHarness } from '../__tests__/harness.js';
import { ReconciliationService } from '../releases/reconciliation.service.js';

const t = StorybookHarness.forFile();

/** A chapters payment whose event has been applied, at the price of the story as it is now. */
async function buyPack(hero: { heroId: string; userId: string }, amount?: number) {
  amount ??= (await t.story(hero.heroId))?.is_premium ? 399 : 199;
  const id = await t.pay(hero, 'chapters', undefined, amount);
  t.payments.add(hero.userId, hero.heroId, id, amount);
  await eventually(() => t.credit(id));
  return id;
}

const unlock = (hero: { userId: string }, storyBookId: string, count = 3) =>
  t.bus.request('storybook.unlock', { userId: hero.userId, storyBookId, count });
const unlockAfterPayment = (hero: { userId: string; heroId: string }) =>
  t.bus.request('storybook.unlock-after-payment', { userId: hero.userId, heroId: hero.heroId });

describe('buying chapters for a story that is not premium', () => {
  it('records the payment as a credit that unlocks nothing by itself', async () => {
    const hero = await t.startedStory();
    const id = await buyPack(hero);
    expect(await t.credit(id)).toMatchObject({
      user_id: hero.userId,
      hero_id: hero.heroId,
      amount: 199,
      redeemed_at: null,
      succeeded_at: t.clock.now(),
    });
    expect(await t.story(hero.heroId)).toMatchObject({ chapters_total_count: 1, chapters_unlocked_count: 1 });
  });

  it('grows the story by 3 unlocked chapters per pack, spending one credit each, up to 10', async () => {
    const hero = await t.startedStory();
    const first = await buyPack(hero);
    const view = await unlockAfterPayment(hero);
    expect(view.storyBook).toMatchObject({
      chaptersTotalCount: 4,
      chaptersUnlockedCount: 4,
      isPremium: false,
      nextUnlockAt: null,
    });
    expect(view.chapters.map((c) => c.unlocked)).toEqual([true, true, true, true]);
    expect(await t.credit(first)).toMatchObject({
      redeemed_by: 'unlock-after-payment',
      storybook_id: hero.story.id,
      chapters_unlocked: 3,
    });
    // The new chapters are written (a non-premium story writes only its own chapters).
    await t.chaptersReady(hero.story.id, 4);
    expect(t.writer.asked(hero.story.id).map((job) => [job.chapterNumber, job.chaptersTotalCount])).toEqual([
      [1, 1],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);

    // Calling again for the same payment: the credit is spent, nothing more unlocks.
    expect(await errorOf(unlockAfterPayment(hero))).toEqual({
      status: 402,
      code: 'PAYMENT_REQUIRED',
      message: CHAPTER_PACK_PAYMENT_REQUIRED,
    });
    expect(await errorOf(unlock(hero, hero.story.id))).toMatchObject({ status: 402 });

    await buyPack(hero);
    expect((await unlock(hero, hero.story.id)).storyBook).toMatchObject({
      chaptersTotalCount: 7,
      chaptersUnlockedCount: 7,
    });
    await buyPack(hero);
    expect((await unlock(hero, hero.story.id)).storyBook).toMatchObject({
      chaptersTotalCount: 10,
      chaptersUnlockedCount: 10,
    });

    // Nothing left to unlock: 409, and the fourth pack stays unspent.
    const fourth = await buyPack(hero);
    expect(await errorOf(unlock(hero, hero.story.id))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: STORY_FULLY_UNLOCKED,
    });
    expect((await t.credit(fourth)).redeemed_at).toBeNull();
  });

  it('answers 402 and unlocks nothing without a payment', async () => {
    const hero = await t.startedStory();
    const askedBefore = t.payments.asked;
    expect(await errorOf(unlockAfterPayment(hero))).toMatchObject({
      status: 402,
      message: CHAPTER_PACK_PAYMENT_REQUIRED,
    });
    expect(t.payments.asked).toBe(askedBefore + 1); // payments was asked before refusing
    expect(await t.story(hero.heroId)).toMatchObject({ chapters_total_count: 1, chapters_unlocked_count: 1 });
  });
});

describe('one pack, one unlock', () => {
  it('lets one of two parallel calls spend a single credit; the other gets 402', async () => {
    for (let round = 0; round < 5; round++) {
      const hero = await t.startedStory();
      await buyPack(hero);
      const results = await Promise.all([
        errorOf(unlock(hero, hero.story.id)),
        errorOf(unlockAfterPayment(hero)),
      ]);
      expect(results.filter((error) => error === undefined)).toHaveLength(1);
      expect(results.filter((error) => error?.status === 402)).toHaveLength(1);
      expect(await t.story(hero.heroId)).toMatchObject({
        chapters_total_count: 4,
        chapters_unlocked_count: 4,
      });
    }
  });

  it('spends two credits for two calls when two packs were bought', async () => {
    const hero = await t.startedStory();
    await buyPack(hero);
    await buyPack(hero);
    const results = await Promise.all([unlock(hero, hero.story.id), unlock(hero, hero.story.id)]);
    expect(results.map((view) => view.storyBook.chaptersUnlockedCount).sort()).toEqual([4, 7]);
    expect(await t.story(hero.heroId)).toMatchObject({ chapters_total_count: 7, chapters_unlocked_count: 7 });
  });
});

describe('a premium story', () => {
  it('unlocks the next 3 of its 10 chapters early, and the next daily chapter still comes when it was due', async () => {
    const hero = await t.startedStory({ premium: true });
    const dueBefore = hero.story.next_release_at!;
    expect(dueBefore).toEqual(new Date(releaseClockStart(hero.story) + DAY));
    await buyPack(hero);
    const view = await unlockAfterPayment(hero);
    expect(view.storyBook).toMatchObject({
      chaptersTotalCount: 10,
      chaptersUnlockedCount: 7,
      nextUnlockAt: dueBefore.toISOString(),
    });
    // Chapters 8–10 are asked as the window widens.
    await t.chaptersReady(hero.story.id, 10);
    // Released on its day, chapter 8 is followed by chapter 9 a day later.
    t.clock.set(dueBefore);
    await t.get(ReconciliationService).run();
    expect(await t.story(hero.heroId)).toMatchObject({
      chapters_unlocked_count: 8,
      next_release_at: new Date(dueBefore.getTime() + DAY),
    });
  });

  it('answers 409 once every chapter is unlocked, keeping the credit', async () => {
    const hero = await t.startedStory({ premium: true });
    t.clock.advance(9 * DAY);
    await t.get(ReconciliationService).run();
    await t.storyWhen(hero.heroId, (s) => s.chapters_unlocked_count === 10 && s.next_release_at === null);
    const id = await buyPack(hero);
    expect(await errorOf(unlockAfterPayment(hero))).toMatchObject({
      status: 409,
      message: STORY_FULLY_UNLOCKED,
    });
    expect((await t.credit(id)).redeemed_at).toBeNull();
  });
});

describe('when the payment event has not arrived yet', () => {
  it('asks payments, records the pack and spends it', async () => {
    const hero = await t.startedStory();
    const payment = t.payments.add(hero.userId, hero.heroId); // known to payments, event still on its way
    const view = await unlockAfterPayment(hero);
    expect(view.storyBook.chaptersUnlockedCount).toBe(4);
    expect(await t.credit(payment.id)).toMatchObject({ redeemed_by: 'unlock-after-payment', amount: 199 });

    // The event arrives later: already known, and spent; nothing unlocks twice.
    await t.pay(hero, 'chapters', payment.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await t.story(hero.heroId)).toMatchObject({ chapters_unlocked_count: 4 });
    expect(await errorOf(unlockAfterPayment(hero))).toMatchObject({ status: 402 });
  });

  it("does not take another user's or another hero's payment", async () => {
    const hero = await t.startedStory();
    const other = await t.startedStory();
    t.payments.add(other.userId, other.heroId);
    t.payments.add(other.userId, hero.heroId); // another user, this hero id
    expect(await errorOf(unlockAfterPayment(hero))).toMatchObject({ status: 402 });
  });
});

describe('a pack paid at $1.99 before its story became premium', () => {
  async function packThenPremium() {
    const hero = await t.startedStory();
    const id = await buyPack(hero);
    expect((await t.credit(id)).amount).toBe(199);
    await t.pay(hero, 'premium_upgrade');
    const story = await t.storyWhen(hero.heroId, (s) => s.is_premium);
    return { hero, id, story };
  }

  it('is refused on the premium story ($3.99 a pack), unlocks nothing and is refunded', async () => {
    const { hero, id, story } = await packThenPremium();
    expect(await errorOf(unlockAfterPayment(hero))).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message:
        'This chapter pack was paid at $1.99, but packs for this story cost $3.99 now that it is premium. It was not used and its payment is refunded; please buy the pack again.',
    });
    expect(await t.credit(id)).toMatchObject({ redeemed_by: 'refused', chapters_unlocked: 0 });
    expect((await t.credit(id)).refund_confirmed_at).toBeInstanceOf(Date);
    expect(t.payments.refunds).toContain(id);
    expect(await t.story(hero.heroId)).toMatchObject({
      chapters_unlocked_count: story.chapters_unlocked_count,
    });
    // A pack at the premium price is spent as usual; the refused one never is.
    await buyPack(hero, 399);
    const view = await unlockAfterPayment(hero);
    expect(view.storyBook.chaptersUnlockedCount).toBe(story.chapters_unlocked_count + 3);
    expect(t.payments.refunds.filter((refunded) => refunded === id)).toHaveLength(1);
  });

  it('is refused by the sweep too, and a refund that failed is asked again', async () => {
    const { hero, id, story } = await packThenPremium();
    t.payments.refundsFail = true;
    try {
      expect(await errorOf(unlock(hero, story.id))).toMatchObject({ status: 409 });
    } finally {
      t.payments.refundsFail = false;
    }
    expect(await t.credit(id)).toMatchObject({ redeemed_by: 'refused', refund_confirmed_at: null });
    await t.get(ReconciliationService).run();
    expect((await t.credit(id)).refund_confirmed_at).toBeInstanceOf(Date);
    expect(await t.story(hero.heroId)).toMatchObject({
      chapters_unlocked_count: story.chapters_unlocked_count,
    });
  });
});

describe('a pack paid at the premium price while the story has not heard of its premium yet', () => {
  it('is spent as usual (payments prices packs as premium from the premium payment on)', async () => {
    const hero = await t.startedStory();
    const id = await buyPack(hero, 399);
    const view = await unlockAfterPayment(hero);
    expect(view.storyBook.chaptersUnlockedCount).toBe(4);
    expect(await t.credit(id)).toMatchObject({ redeemed_by: 'unlock-after-payment', chapters_unlocked: 3 });
  });
});

describe('packs left unspent', () => {
  it('are spent by the sweep once the grace has passed', async () => {
    const hero = await t.startedStory();
    const id = await buyPack(hero);
    const sweep = t.get(ReconciliationService);
    t.clock.advance(9 * 60_000);
    await sweep.run();
    expect((await t.credit(id)).redeemed_at).toBeNull();
    t.clock.advance(60_000);
    await sweep.run();
    expect(await t.credit(id)).toMatchObject({ redeemed_by: 'reconciliation', chapters_unlocked: 3 });
    expect(await t.story(hero.heroId)).toMatchObject({ chapters_total_count: 4, chapters_unlocked_count: 4 });
    // The buyer's late call finds nothing left to spend.
    expect(await errorOf(unlockAfterPayment(hero))).toMatchObject({ status: 402 });
  });

  it('wait for their story when they were paid before it existed', async () => {
    const hero = t.newHero();
    const id = await t.pay(hero, 'chapters');
    await eventually(() => t.credit(id));
    t.clock.advance(20 * 60_000);
    await t.get(ReconciliationService).run();
    expect((await t.credit(id)).redeemed_at).toBeNull();
    await t.completeHero(hero);
    await t.storyWhen(hero.heroId, (s) => s.initial_chapter_generated_at !== null);
    await t.get(ReconciliationService).run();
    expect(await t.story(hero.heroId)).toMatchObject({ chapters_unlocked_count: 4 });
  });
});

describe('owner only, validated', () => {
  it("answers 404 for another user's story, an unknown story and a hero without one", async () => {
    const hero = await t.startedStory();
    await buyPack(hero);
    const stranger = t.newHero();
    const notFound = { status: 404, code: 'NOT_FOUND', message: STORYBOOK_NOT_FOUND };
    expect(await errorOf(unlock(stranger, hero.story.id))).toEqual(notFound);
    expect(await errorOf(unlockAfterPayment({ userId: stranger.userId, heroId: hero.heroId }))).toEqual(
      notFound,
    );
    expect(await errorOf(unlock(hero, '00000000-0000-4000-8000-000000000000'))).toEqual(notFound);
    expect(await errorOf(unlockAfterPayment(stranger))).toEqual(notFound);
    // The owner's credit is untouched.
    expect(await t.story(hero.heroId)).toMatchObject({ chapters_unlocked_count: 1 });
  });

  it.each([
    [{ count: 1 }, CHAPTER_PACK_COUNT_INVALID],
    [{ count: 6 }, CHAPTER_PACK_COUNT_INVALID],
    [{ count: '3' }, CHAPTER_PACK_COUNT_INVALID],
    [{ count: undefined }, CHAPTER_PACK_COUNT_INVALID],
    [{ storyBookId: 'not-a-uuid' }, 'The storybook id must be a UUID.'],
    [{ storyBookId: "1' OR '1'='1" }, 'The storybook id must be a UUID.'],
    [{ userId: '' }, 'A valid user id is required.'],
  ])('storybook.unlock answers 400 for %j', async (override, message) => {
    const command = {
      userId: t.newHero().userId,
      storyBookId: '00000000-0000-4000-8000-000000000000',
      count: 3,
      ...override,
    };
    expect(await errorOf(t.bus.request('storybook.unlock', command as never))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message,
    });
  });

  it('storybook.unlock-after-payment answers 400 for a malformed hero id', async () => {
    expect(await errorOf(unlockAfterPayment({ userId: t.newHero().userId, heroId: 'preview-123' }))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'The hero id must be 32 lowercase hexadecimal characters.',
    });
  });
});
