import { formatUsd, priceFor } from './price-table.js';

describe('price table', () => {
  it.each([
    ['premium_upgrade', false, 399, 'Premium Hero Upgrade'],
    ['chapters', true, 399, '3 More Chapters – Premium Story'],
    ['chapters', false, 199, '3 More Chapters'],
  ] as const)('charges %s (premium story: %s) %i US cents as "%s"', (paymentType, premium, amount, label) => {
    expect(priceFor(paymentType, premium)).toEqual({ paymentType, amount, currency: 'usd', label });
  });

  it('charges 3.99 USD for the premium upgrade, whatever the story', () => {
    expect(priceFor('premium_upgrade', true).amount).toBe(399);
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
