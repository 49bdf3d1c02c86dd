import { describe, expect, it } from '@jest/globals';
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { defineAction } from './actions';

// The store every page loads defines its actions with this helper; the lazy slices, written with
// Redux Toolkit, react to them. These tests hold the helper to what Toolkit's code expects.
describe('defineAction', () => {
  const renamed = defineAction<string>('test/renamed');
  const reset = defineAction('test/reset');
  const added = defineAction('test/added', (amount: number, label: string) => ({ amount, label }));

  it('makes { type, payload } actions and exposes the type', () => {
    expect(renamed('Orion')).toEqual({ type: 'test/renamed', payload: 'Orion' });
    expect(reset()).toEqual({ type: 'test/reset', payload: undefined });
    expect(added(2, 'stars')).toEqual({ type: 'test/added', payload: { amount: 2, label: 'stars' } });
    expect(renamed.type).toBe('test/renamed');
    expect(String(renamed)).toBe('test/renamed');
  });

  it('matches its own actions only', () => {
    expect(renamed.match(renamed('x'))).toBe(true);
    expect(renamed.match(reset())).toBe(false);
    expect(renamed.match({ type: 'test/renamed' })).toBe(true);
    expect(renamed.match(null)).toBe(false);
    expect(renamed.match('test/renamed')).toBe(false);
  });

  it('works in createSlice’s addCase and with isAnyOf', () => {
    const slice = createSlice({
      name: 'probe',
      initialState: { name: '', total: 0 },
      reducers: {},
      extraReducers: (builder) => {
        builder.addCase(renamed, (state, action) => {
          state.name = action.payload;
        });
        builder.addCase(added, (state, action) => {
          state.total += action.payload.amount;
        });
        builder.addMatcher(isAnyOf(reset), () => ({ name: '', total: 0 }));
      },
    });
    let state = slice.reducer(undefined, renamed('Lyra'));
    state = slice.reducer(state, added(3, 'x'));
    expect(state).toEqual({ name: 'Lyra', total: 3 });
    expect(slice.reducer(state, reset())).toEqual({ name: '', total: 0 });
  });
});
