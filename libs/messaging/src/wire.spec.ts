import type { ErrorShape } from '@starborn/contracts';
import { decodeReply, encodeReply, type ReplyEnvelope } from './wire.js';

const ID = '0b7e5c1e-3f4a-4d2b-9c55-5f1f0f6c2a10';

describe('reply wire format', () => {
  it('publishes exactly the JSON of the envelope, so readers of either format agree', () => {
    const replies: ReplyEnvelope[] = [
      { id: ID, ok: true, data: { name: 'Aster "the bold"', images: [{ url: '/m/a?x=1' }], n: 1.5 } },
      { id: ID, ok: true, data: 'text' },
      { id: ID, ok: true, data: null },
      { id: ID, ok: true, data: undefined },
      { id: ID, ok: false, error: { status: 404, code: 'NOT_FOUND', message: 'Hero not found.' } },
    ];
    for (const reply of replies) expect(encodeReply(reply)).toBe(JSON.stringify(reply));
  });

  it('hands over the data of a success as the JSON text that was sent, unparsed', () => {
    const data = { name: 'Aster', backstory: 'A "quoted" } brace and \\ backslash', images: [] };
    const decoded = decodeReply(encodeReply({ id: ID, ok: true, data }));
    expect(decoded).toEqual({ id: ID, ok: true, json: JSON.stringify(data) });
  });

  it('reads a success without data as having none', () => {
    expect(decodeReply(encodeReply({ id: ID, ok: true, data: undefined }))).toEqual({
      id: ID,
      ok: true,
      json: undefined,
    });
  });

  it('reads an error reply whole', () => {
    const error: ErrorShape = { status: 409, code: 'EMAIL_EXISTS', message: 'Email already exists' };
    expect(decodeReply(encodeReply({ id: ID, ok: false, error }))).toEqual({ id: ID, ok: false, error });
  });

  it('parses an envelope laid out differently instead of misreading it', () => {
    const message = JSON.stringify({ ok: true, id: ID, data: { n: 1 } });
    expect(decodeReply(message)).toEqual({ id: ID, ok: true, json: '{"n":1}' });
    const escapedId = JSON.stringify({ id: 'a"b', ok: true, data: [1] });
    expect(decodeReply(escapedId)).toEqual({ id: 'a"b', ok: true, json: '[1]' });
  });

  it('throws on a reply that is not JSON', () => {
    expect(() => decodeReply('not json')).toThrow();
  });
});
