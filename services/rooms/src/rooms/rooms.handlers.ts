import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type {
  CreateRoomCommand,
  JoinRoomCommand,
  LeaveRoomCommand,
  ListActiveRoomsQuery,
  RoomQuery,
  SendRoomMessageCommand,
} from '@starborn/contracts';
import { OnCommand } from '@starborn/messaging';
import { RoomsService } from './rooms.service.js';

@Controller()
export class RoomsHandlers {
  constructor(private readonly rooms: RoomsService) {}

  @OnCommand('rooms.create')
  create(@Payload() command: CreateRoomCommand) {
    return this.rooms.create(command);
  }

  @OnCommand('rooms.list-active')
  listActive(@Payload() query: ListActiveRoomsQuery) {
    return this.rooms.listActive(query);
  }

  @OnCommand('rooms.get')
  get(@Payload() query: RoomQuery) {
    return this.rooms.get(query);
  }

  @OnCommand('rooms.join')
  join(@Payload() command: JoinRoomCommand) {
    return this.rooms.join(command);
  }

  @OnCommand('rooms.leave')
  leave(@Payload() command: LeaveRoomCommand) {
    return this.rooms.leave(command);
  }

  @OnCommand('rooms.send')
  send(@Payload() command: SendRoomMessageCommand) {
    return this.rooms.send(command);
  }
}
