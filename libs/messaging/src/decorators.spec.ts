import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PATTERN_HANDLER_METADATA, PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import { PatternHandler } from '@nestjs/microservices/enums/pattern-handler.enum.js';
import { defineCommand, defineEvent } from '@starborn/contracts';
import { handlerDecorators } from './decorators.js';

// A registry of its own, so the table is proven independently of Starborn's messages.
const registry = {
  'echo.double': defineCommand<{ n: number }, number>('echo'),
  'thing.happened': defineEvent<{ thingId: string }>('echo'),
} as const;
const { messageHandlers } = handlerDecorators(registry);

@Injectable()
class Doubler {
  double(n: number) {
    return n * 2;
  }
}

@Injectable()
class Journal {
  readonly seen: string[] = [];
}

const EchoHandlers = messageHandlers([Doubler, Journal], {
  'echo.double': (command, doubler) => doubler.double(command.n),
  'thing.happened': (event, _doubler, journal) => void journal.seen.push(event.thingId),
});

@Module({ controllers: [EchoHandlers], providers: [Doubler, Journal] })
class EchoModule {}

describe('messageHandlers', () => {
  it('subscribes one method a table entry, as a command or an event as the registry says', () => {
    const patternOf = (name: string) => {
      const method = (EchoHandlers.prototype as Record<string, object>)[name]!;
      return [
        Reflect.getMetadata(PATTERN_METADATA, method),
        Reflect.getMetadata(PATTERN_HANDLER_METADATA, method),
      ];
    };
    expect(patternOf('echo.double')).toEqual([['echo.double'], PatternHandler.MESSAGE]);
    expect(patternOf('thing.happened')).toEqual([['thing.happened'], PatternHandler.EVENT]);
  });

  it('hands each entry the payload and the injected dependencies, in their order', async () => {
    const app = await NestFactory.createApplicationContext(EchoModule, { logger: false });
    try {
      const handlers = app.get(EchoHandlers) as Record<string, (payload: unknown) => unknown>;
      expect(handlers['echo.double']!({ n: 21 })).toBe(42);
      handlers['thing.happened']!({ thingId: 't1' });
      expect(app.get(Journal).seen).toEqual(['t1']);
    } finally {
      await app.close();
    }
  });
});
