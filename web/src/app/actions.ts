/**
 * Action creators for the store every page loads, without Redux Toolkit (see app/store.ts for why).
 * They have the shape of Toolkit's: `creator(payload)` makes `{ type, payload }`, `creator.type` is
 * the type, and `creator.match(action)` narrows, so the lazy features' slices can use them in
 * `builder.addCase(...)` and `isAnyOf(...)`.
 */
import type { Action } from 'redux';

// A type alias, not an interface, so that it is assignable to Redux's UnknownAction.
export type PayloadAction<P = undefined, T extends string = string> = { type: T; payload: P };

export type ActionCreatorOf<Args extends unknown[], P, T extends string = string> = ((
  ...args: Args
) => PayloadAction<P, T>) & {
  readonly type: T;
  match(action: unknown): action is PayloadAction<P, T>;
};

/** `creator()` when there is no payload, `creator(payload)` otherwise. */
type PayloadArgs<P> = [P] extends [undefined] ? [] : [payload: P];

/** An action creator whose payload is its argument (or none). */
export function defineAction<P = undefined, T extends string = string>(
  type: T,
): ActionCreatorOf<PayloadArgs<P>, P, T>;
/** An action creator whose payload `prepare` builds from its arguments. */
export function defineAction<Args extends unknown[], P, T extends string = string>(
  type: T,
  prepare: (...args: Args) => P,
): ActionCreatorOf<Args, P, T>;
export function defineAction(type: string, prepare?: (...args: unknown[]) => unknown) {
  const creator = (...args: unknown[]) => ({ type, payload: prepare ? prepare(...args) : args[0] });
  return Object.assign(creator, {
    type,
    match: (action: unknown) =>
      typeof action === 'object' && action !== null && (action as Action).type === type,
    toString: () => type,
  });
}
