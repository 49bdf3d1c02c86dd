import { eventually } from './index.js';

/** What emits `user.deleted` (a MessageBus). */
export interface UserDeletedEmitter {
  emitEvent(
    event: 'user.deleted',
    payload: { userId: string },
    options: { eventId: string },
  ): Promise<unknown>;
}

/**
 * Account deletion as a subscriber meets it after being down: `user.deleted` is emitted as auth
 * emits it (the user id as event id) while the service is stopped, `whileStopped` checks that nothing
 * changed yet, then the service starts; answers once `handled` holds.
 */
export async function userDeletedWhileStopped(steps: {
  bus: UserDeletedEmitter;
  userId: string;
  whileStopped?: () => Promise<void>;
  start: () => Promise<unknown>;
  handled: () => Promise<boolean>;
}): Promise<void> {
  await steps.bus.emitEvent('user.deleted', { userId: steps.userId }, { eventId: steps.userId });
  await steps.whileStopped?.();
  await steps.start();
  await eventually(steps.handled);
}
