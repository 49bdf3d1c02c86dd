import { Controller, Inject, type Type } from '@nestjs/common';
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

/** A method decorator that only fits a method of type `Method`. */
function patternDecorator<Method>(pattern: (name: string) => MethodDecorator, name: string) {
  return <M extends Method>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>) => {
    pattern(name)(target, key, descriptor);
  };
}

/** The instances a list of classes injects, in its order. */
type InstancesOf<T extends Type<unknown>[]> = { [I in keyof T]: T[I] extends Type<infer D> ? D : never };

/**
 * One entry a message: what answers it, given its payload and the handlers' dependencies, in their
 * order. A command's entry answers its reply; an event's entry answers nothing in particular.
 */
export type HandlerTable<R extends MessageRegistry, Deps extends unknown[]> = {
  [K in keyof R & string]?: (
    payload: PayloadOf<R, K>,
    ...deps: Deps
  ) => K extends CommandName<R> ? ReplyOf<R, K> | Promise<ReplyOf<R, K>> : unknown;
};

/**
 * Handler decorators checked against a registry: a misspelled name, a payload of the wrong type or a
 * reply of the wrong type is a compile error, not a message that silently never arrives.
 */
export function handlerDecorators<R extends MessageRegistry>(registry: R) {
  return {
    OnCommand<K extends CommandName<R>>(name: K) {
      return patternDecorator<CommandMethod<R, K>>(MessagePattern, name);
    },
    OnEvent<K extends EventName<R>>(name: K) {
      return patternDecorator<EventMethod<R, K>>(EventPattern, name);
    },
    /**
     * A handlers controller built from a table, checked as the decorators are: a service's handlers
     * hold only which of its methods answers each message, not a decorated method apiece.
     */
    messageHandlers<const Classes extends Type<unknown>[]>(
      inject: Classes,
      table: HandlerTable<R, InstancesOf<Classes>>,
    ): Type<unknown> {
      @Controller()
      class MessageHandlers {
        readonly deps: unknown[];
        constructor(...deps: unknown[]) {
          this.deps = deps;
        }
      }
      inject.forEach((dependency, index) => Inject(dependency)(MessageHandlers, undefined, index));
      for (const [name, handle] of Object.entries(table) as [string, (...args: unknown[]) => unknown][]) {
        const descriptor = {
          value(this: MessageHandlers, payload: unknown) {
            return handle(payload, ...this.deps);
          },
        };
        Object.defineProperty(MessageHandlers.prototype, name, descriptor);
        const pattern = registry[name]!.kind === 'command' ? MessagePattern : EventPattern;
        pattern(name)(MessageHandlers.prototype, name, descriptor);
      }
      return MessageHandlers;
    },
  };
}

/** The decorators for Starborn's own registry. */
export const { OnCommand, OnEvent, messageHandlers } = handlerDecorators<Messages>(messages);
