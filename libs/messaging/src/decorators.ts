import { EventPattern, MessagePattern } from '@nestjs/microservices';
import {
  messages,
  type CommandName,
  type EventName,
  type MessageRegistry,
  type Messages,
  type PayloadOf,
  type ReplyOf,
} from '@starborn/contracts';

type CommandMethod<R extends MessageRegistry, K extends keyof R> = (
  payload: PayloadOf<R, K>,
  ...rest: any[]
) => ReplyOf<R, K> | Promise<ReplyOf<R, K>>;

type EventMethod<R extends MessageRegistry, K extends keyof R> = (
  payload: PayloadOf<R, K>,
  ...rest: any[]
) => unknown;

/**
 * Handler decorators checked against a registry: a misspelled name, a payload of the wrong type or a
 * reply of the wrong type is a compile error, not a message that silently never arrives.
 */
export function handlerDecorators<R extends MessageRegistry>(_registry: R) {
  return {
    OnCommand<K extends CommandName<R>>(name: K) {
      return <M extends CommandMethod<R, K>>(
        target: object,
        key: string | symbol,
        descriptor: TypedPropertyDescriptor<M>,
      ) => {
        MessagePattern(name)(target, key, descriptor as TypedPropertyDescriptor<any>);
      };
    },
    OnEvent<K extends EventName<R>>(name: K) {
      return <M extends EventMethod<R, K>>(
        target: object,
        key: string | symbol,
        descriptor: TypedPropertyDescriptor<M>,
      ) => {
        EventPattern(name)(target, key, descriptor as TypedPropertyDescriptor<any>);
      };
    },
  };
}

/** The decorators for Starborn's own registry. */
export const { OnCommand, OnEvent } = handlerDecorators<Messages>(messages);
