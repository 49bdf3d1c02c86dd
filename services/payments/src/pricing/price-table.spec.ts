import { formatUsd, priceFor } from './price-table.js';

describe('price table', () => {
  it('charges 3.99 USD for the premium upgrade, whatever the story', () => {
    expect(priceFor('premium_upgrade', false)).toEqual({
      paymentType: 'premium_upgrade',
      amount: 399,
      currency: 'usd',
      label: 'Premium Hero Upgrade',
    });
    expect(priceFor('premium_upgrade', true).amount).toBe(399);
  });

  it('charges 3.99 USD for chapters of a premium story and 1.99 USD otherwise', () => {
    expect(priceFor('chapters', true)).toEqual({
      paymentType: 'chapters',
      amount: 399,
      currency: 'usd',
      label: '3 More Chapters – Premium Story',
    });
    expect(priceFor('chapters', false)).toEqual({
      paymentType: 'chapters',
      amount: 199,
      currency: 'usd',
      label: '3 More Chapters',
    });
  });

  it('refuses an unknown payment type', () => {
    expect(() => priceFor('nft' as never, false)).toThrow();
  });

  it('writes amounts as dollars for messages', () => {
    expect(formatUsd(399)).toBe('$3.99');
    expect(formatUsd(199)).toBe('$1.99');
    expect(formatUsd(1000)).toBe('$10.00');
  });
});
