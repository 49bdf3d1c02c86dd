/**
 * The pure rules the rooms slice applies to the chat it holds. They live apart from roomRules, whose
 * words and helpers serve the room screens only: the slice is part of the store every page loads,
 * the landing page included, so what it imports is in that page's JavaScript.
 */
import { NARRATOR_EVERY_MESSAGES } from '@starborn/contracts';
import type { ChatMessage } from './types';

/** 'Failed to connect to the story server: {reason}'. */
export function connectErrorMessage(reason: string): string {
  return `Failed to connect to the story server: ${reason.trim() || 'unknown error'}`;
}

/** The user messages of a room (narrator and system lines are not part of the count). */
export function userMessageCount(messages: readonly Pick<ChatMessage, 'kind'>[]): number {
  return messages.filter((message) => message.kind === 'hero').length;
}

/**
 * Narrator typing: after sending, the indicator comes on when the count of user messages
 * plus the one just sent is a multiple of 3 (every third user message) — the same count
 * the server's narrator keeps, so the two agree.
 */
export function narratorTypesAfterSend(messages: readonly Pick<ChatMessage, 'kind'>[]): boolean {
  return (userMessageCount(messages) + 1) % NARRATOR_EVERY_MESSAGES === 0;
}

/** Appends a message unless one with its id is already there (a rejoin repeats the history). */
export function withMessage(messages: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (messages.some((m) => m.id === message.id)) return [...messages];
  return [...messages, message];
}
