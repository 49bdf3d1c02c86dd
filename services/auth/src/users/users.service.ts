import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import {
  ACCOUNT_MESSAGES,
  EMAIL_MAX_LENGTH,
  ErrorCodes,
  MODERATION_MESSAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ServiceError,
  type AuthSession,
  type ChangePasswordCommand,
  type LoginCommand,
  type RegisterCommand,
  type UpdateProfileCommand,
  type UserDto,
  userTextProblem,
} from '@starborn/contracts';
import { isRefusedLanguage } from '@starborn/moderation';
import { QueryFailedError, type EntityManager } from 'typeorm';
import { TokenService } from '../tokens/token.service.js';
import { PasswordHasher } from './password-hasher.js';
import type { User } from './user.entity.js';
import {
  findUser,
  findUserByEmail,
  insertUser,
  replacePasswordHash,
  updateUserName,
} from './user.queries.js';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UNIQUE_VIOLATION = '23505';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password. Please try again.';
const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
const FILL_ALL_FIELDS_MESSAGE = 'Please fill in all fields';

@Injectable()
export class UsersService {
  constructor(
    @InjectEntityManager() private readonly db: EntityManager,
    private readonly passwords: PasswordHasher,
    private readonly tokens: TokenService,
  ) {}

  async register(command: RegisterCommand): Promise<AuthSession> {
    const { name, email, password } = validateRegistration(command);
    const passwordHash = await this.passwords.hash(password);
    try {
      const user = await insertUser(this.db, { name, email, passwordHash });
      return this.session(user);
    } catch (error) {
      // The unique index on lower(email) decides, so two simultaneous sign-ups cannot both win.
      if (
        error instanceof QueryFailedError &&
        (error.driverError as { code?: string }).code === UNIQUE_VIOLATION
      ) {
        throw new ServiceError(409, ErrorCodes.EMAIL_EXISTS, 'Email already exists');
      }
      throw error;
    }
  }

  async login(command: LoginCommand): Promise<AuthSession> {
    const email = String(command.email ?? '').trim();
    const password = String(command.password ?? '');
    const user = email ? await findUserByEmail(this.db, email) : null;
    const valid = await this.passwords.verify(user?.passwordHash, password);
    if (!user || !valid)
      throw new ServiceError(401, ErrorCodes.INVALID_CREDENTIALS, INVALID_CREDENTIALS_MESSAGE);
    return this.session(user);
  }

  async getUser(userId: string): Promise<UserDto> {
    return toUserDto(await this.existingUser(userId));
  }

  async updateProfile(command: UpdateProfileCommand): Promise<UserDto> {
    const name = validateName(command.name);
    const user = isUuid(command.userId) ? await updateUserName(this.db, command.userId, name) : null;
    if (!user) throw sessionEnded();
    return toUserDto(user);
  }

  /** Proves the current password, stores the new one's hash and answers a fresh session. */
  async changePassword(command: ChangePasswordCommand): Promise<AuthSession> {
    const { currentPassword, newPassword } = validatePasswordChange(command);
    const user = await this.existingUser(command.userId);
    if (!(await this.passwords.verify(user.passwordHash, currentPassword)))
      throw new ServiceError(400, ErrorCodes.INVALID_CREDENTIALS, ACCOUNT_MESSAGES.wrongCurrentPassword);
    const passwordHash = await this.passwords.hash(newPassword);
    const changed = await replacePasswordHash(this.db, user.id, user.passwordHash, passwordHash);
    // Another change from the same current password landed first: this one's proof is stale.
    if (!changed)
      throw new ServiceError(400, ErrorCodes.INVALID_CREDENTIALS, ACCOUNT_MESSAGES.wrongCurrentPassword);
    return this.session(changed);
  }

  /** The user, or a 401: a valid token for a user that no longer exists is a session that has ended. */
  private async existingUser(userId: string): Promise<User> {
    const user = isUuid(userId) ? await findUser(this.db, userId) : null;
    if (!user) throw sessionEnded();
    return user;
  }

  private async session(user: User): Promise<AuthSession> {
    const token = await this.tokens.sign({ sub: user.id, name: user.name, email: user.email });
    return { token, user: toUserDto(user) };
  }
}

export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

const invalid = (message: string) => new ServiceError(400, ErrorCodes.VALIDATION_FAILED, message);
const sessionEnded = () => new ServiceError(401, ErrorCodes.UNAUTHORIZED, SESSION_ENDED_MESSAGE);

/** The same rules the gateway checks, enforced again where the data is written. */
export function validateRegistration(command: RegisterCommand): RegisterCommand {
  const name = String(command.name ?? '').trim();
  const email = String(command.email ?? '').trim();
  const password = String(command.password ?? '');
  if (!name || !email || !password) throw invalid(FILL_ALL_FIELDS_MESSAGE);
  checkName(name);
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))
    throw invalid('Please enter a valid email address');
  checkPasswordLength(password);
  return { name, email, password };
}

/** A display name: trimmed, not blank, at most NAME_MAX_LENGTH characters, as at registration. */
export function validateName(value: unknown): string {
  const name = String(value ?? '').trim();
  if (!name) throw invalid(ACCOUNT_MESSAGES.nameRequired);
  checkName(name);
  return name;
}

/** Both passwords given, the new one within registration's length rules and not the current one. */
export function validatePasswordChange(
  command: ChangePasswordCommand,
): Pick<ChangePasswordCommand, 'currentPassword' | 'newPassword'> {
  const currentPassword = String(command.currentPassword ?? '');
  const newPassword = String(command.newPassword ?? '');
  if (!currentPassword || !newPassword) throw invalid(FILL_ALL_FIELDS_MESSAGE);
  checkPasswordLength(newPassword);
  if (newPassword === currentPassword) throw invalid(ACCOUNT_MESSAGES.samePassword);
  return { currentPassword, newPassword };
}

/** A display name others read (rooms, share pages): its length, its characters, its language. */
function checkName(name: string): void {
  if (name.length > NAME_MAX_LENGTH) throw invalid(ACCOUNT_MESSAGES.nameTooLong);
  const problem = userTextProblem(name);
  if (problem) throw invalid(problem);
  if (isRefusedLanguage(name))
    throw new ServiceError(400, ErrorCodes.CONTENT_NOT_ALLOWED, MODERATION_MESSAGES.displayName);
}

function checkPasswordLength(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw invalid(ACCOUNT_MESSAGES.passwordTooShort);
  if (password.length > PASSWORD_MAX_LENGTH) throw invalid(ACCOUNT_MESSAGES.passwordTooLong);
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
