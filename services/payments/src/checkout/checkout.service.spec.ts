import {
  ErrorCodes,
  STORY_FULLY_UNLOCKED,
  type CheckoutCommand,
  type CreatePaymentIntentCommand,
  type PaymentIntentDto,
} from '@starborn/contracts';
import { RemoteError, type AiQuotaFlag, type MessageBus } from '@starborn/messaging';
import type { PaymentsService } from '../intents/payments.service.js';
import { CheckoutService, NO_STORYBOOK_YET_MESSAGE, PAYMENT_QUOTA_MESSAGE } from './checkout.service.js';

const USER_ID = '0b9a4c1e-7d3f-4c2a-9e5b-1f2d3c4b5a69';
const HERO_ID = '0123456789abcdef0123456789abcdef';

interface World {
  paymentStatus: 'paid' | 'unpaid';
  premiumStory: boolean;
  /** null: the hero has no storybook yet. */
  story: { isPremium: boolean; unlocked: number; total: number } | null;
  quotaExceeded: boolean;
}

function checkoutIn(world: World) {
  const opened: CreatePaymentIntentCommand[] = [];
  const asked: string[] = [];
  const bus = {
    request: async (name: string) => {
      asked.push(name);
      if (name === 'heroes.payment-context') {
        return { paymentStatus: world.paymentStatus, premiumStory: world.premiumStory };
      }
      if (name === 'storybook.get') {
        if (!world.story) {
          throw new RemoteError({ status: 404, code: ErrorCodes.NOT_FOUND, message: 'Storybook not found.' });
        }
        const { isPremium, unlocked, total } = world.story;
        return {
          storyBook: { isPremium, chaptersUnlockedCount: unlocked, chaptersTotalCount: total },
          chapters: [],
        };
      }
      throw new Error(`unexpected command ${name}`);
    },
  } as unknown as MessageBus;
  const quota = { isExceeded: async () => world.quotaExceeded } as AiQuotaFlag;
  const payments = {
    createIntent: async (command: CreatePaymentIntentCommand) => {
      opened.push(command);
      return { id: 'pi_1', paymentType: command.paymentType } as PaymentIntentDto;
    },
  } as unknown as PaymentsService;
  return { service: new CheckoutService(bus, quota, payments), opened, asked };
}

const buy = (paymentType: CheckoutCommand['paymentType']): CheckoutCommand => ({
  userId: USER_ID,
  heroId: HERO_ID,
  paymentType,
  email: 'ada@example.com',
  walletAddress: null,
});

const world = (changes: Partial<World> = {}): World => ({
  paymentStatus: 'unpaid',
  premiumStory: false,
  story: { isPremium: false, unlocked: 1, total: 1 },
  quotaExceeded: false,
  ...changes,
});

describe('CheckoutService', () => {
  it('opens a premium upgrade for a hero that is not premium, priced by the hero', async () => {
    const { service, opened, asked } = checkoutIn(world({ premiumStory: true }));
    await service.checkout(buy('premium_upgrade'));
    expect(asked).toEqual(['heroes.payment-context']);
    expect(opened).toEqual([{ ...buy('premium_upgrade'), premiumStory: true }]);
  });

  it('refuses a premium upgrade for a hero that is premium already, before any money moves', async () => {
    const { service, opened } = checkoutIn(world({ paymentStatus: 'paid', quotaExceeded: true }));
    await expect(service.checkout(buy('premium_upgrade'))).rejects.toMatchObject({
      status: 409,
      code: ErrorCodes.CONFLICT,
      message: 'This hero is already premium.',
    });
    expect(opened).toEqual([]);
  });

  it("prices a chapter pack by the story's premium, not the hero's", async () => {
    const { service, opened } = checkoutIn(
      world({
        paymentStatus: 'paid',
        premiumStory: false,
        story: { isPremium: true, unlocked: 4, total: 10 },
      }),
    );
    await service.checkout(buy('chapters'));
    expect(opened).toEqual([{ ...buy('chapters'), premiumStory: true }]);
  });

  it('refuses chapters while the hero has no storybook', async () => {
    const { service, opened } = checkoutIn(world({ story: null }));
    await expect(service.checkout(buy('chapters'))).rejects.toMatchObject({
      status: 409,
      message: NO_STORYBOOK_YET_MESSAGE,
    });
    expect(opened).toEqual([]);
  });

  it('refuses chapters for a premium story with nothing left to unlock', async () => {
    const { service } = checkoutIn(world({ story: { isPremium: true, unlocked: 10, total: 10 } }));
    await expect(service.checkout(buy('chapters'))).rejects.toMatchObject({
      status: 409,
      message: STORY_FULLY_UNLOCKED,
    });
  });

  it('refuses every sale while the AI quota is exceeded, after the rules about the hero', async () => {
    const { service, opened } = checkoutIn(world({ quotaExceeded: true }));
    await expect(service.checkout(buy('premium_upgrade'))).rejects.toMatchObject({
      status: 429,
      code: ErrorCodes.QUOTA_EXCEEDED,
      message: PAYMENT_QUOTA_MESSAGE,
      extras: { errorType: 'quota_exceeded' },
    });
    expect(opened).toEqual([]);
  });

  it('passes on what the other services answer, such as a hero that is not this user’s', async () => {
    const { service } = checkoutIn(world());
    const notYours = new RemoteError({ status: 404, code: ErrorCodes.NOT_FOUND, message: 'Hero not found.' });
    (service as unknown as { bus: { request: () => Promise<never> } }).bus.request = async () => {
      throw notYours;
    };
    await expect(service.checkout(buy('premium_upgrade'))).rejects.toBe(notYours);
  });
});
