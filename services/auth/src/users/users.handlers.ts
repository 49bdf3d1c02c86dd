import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { GetUserCommand, LoginCommand, RegisterCommand } from '@starborn/contracts';
import { OnCommand } from '@starborn/messaging';
import { UsersService } from './users.service.js';

@Controller()
export class UsersHandlers {
  constructor(private readonly users: UsersService) {}

  @OnCommand('auth.register')
  register(@Payload() command: RegisterCommand) {
    return this.users.register(command);
  }

  @OnCommand('auth.login')
  login(@Payload() command: LoginCommand) {
    return this.users.login(command);
  }

  @OnCommand('auth.get-user')
  getUser(@Payload() command: GetUserCommand) {
    return this.users.getUser(command.userId);
  }
}
