/** What the auth service says about a user: never the password hash. */
export interface UserDto {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  updatedAt: string;
}

export interface RegisterCommand {
  name: string;
  email: string;
  password: string;
}

export interface LoginCommand {
  email: string;
  password: string;
}

export interface GetUserCommand {
  userId: string;
}

/** Renames the user (the display name shown in the header and on the account page). */
export interface UpdateProfileCommand {
  userId: string;
  name: string;
}

/**
 * Replaces the user's password once the current one is proven; answers a fresh session for the
 * caller, whose other sessions the gateway then signs out.
 */
export interface ChangePasswordCommand {
  userId: string;
  currentPassword: string;
  newPassword: string;
}

/** A signed-in session: an EdDSA JWT (7 days) and the user it belongs to. */
export interface AuthSession {
  token: string;
  user: UserDto;
}

/** Claims in a Starborn access token. `sub` is the user id. */
export interface AccessTokenClaims {
  sub: string;
  name: string;
  email: string;
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/** What the account forms and the services say about a name or password change. */
export const ACCOUNT_MESSAGES = {
  nameRequired: 'Please enter your name',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters long`,
  currentPasswordRequired: 'Please enter your current password',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  /** A 400, not a 401: the user is signed in, and a 401 would sign them out of the page they are on. */
  wrongCurrentPassword: 'Your current password is incorrect.',
  samePassword: 'Your new password must be different from your current password',
} as const;
