import { SnakeCaseNamingStrategy, snakeCase } from './naming.js';

describe('SnakeCaseNamingStrategy', () => {
  const naming = new SnakeCaseNamingStrategy();

  it.each([
    ['id', 'id'],
    ['fullKey', 'full_key'],
    ['generationAttempt', 'generation_attempt'],
    ['passwordHash', 'password_hash'],
  ])('names the column of %s %s', (property, column) => {
    expect(snakeCase(property)).toBe(column);
    expect(naming.columnName(property, undefined, [])).toBe(column);
  });

  it('keeps a name the column declares', () => {
    expect(naming.columnName('heroId', 'hero', [])).toBe('hero');
  });

  it('prefixes the columns of an embedded object', () => {
    expect(naming.columnName('fullKey', undefined, ['image'])).toBe('image_full_key');
  });
});
