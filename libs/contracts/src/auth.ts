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
