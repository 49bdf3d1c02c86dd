/** `auth.delete-user`: the signed-in user, who proves it is them with their current password. */
export interface DeleteUserCommand {
  userId: string;
  password: string;
}

/** What `DELETE /api/user` answers once the account is gone. */
export interface UserDeletedDto {
  deleted: true;
}

/**
 * `user.deleted`: the account no longer exists; every subscriber removes what it holds of the user.
 * The user id is also the event id, so a re-emitted deletion is one event.
 */
export interface UserDeletedEvent {
  userId: string;
}

/** How a room shows the messages of a deleted account's heroes. */
export const DEPARTED_HERO_NAME = 'a departed hero';
/** `sender.id` of those messages: no hero any more. */
export const DEPARTED_SENDER_ID = 'departed';
/**
 * What stands for a deleted account where a record is kept (payments for accounting, rooms it
 * hosted): the nil UUID, which auth never gives a user, so it matches no one and says nothing.
 */
export const DELETED_USER_ID = '00000000-0000-0000-0000-000000000000';
/** The same for a deleted account's heroes: 32 zeros, a hero id nobody is given. */
export const DELETED_HERO_ID = '0'.repeat(32);
