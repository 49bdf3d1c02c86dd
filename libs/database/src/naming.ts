import { DefaultNamingStrategy, type NamingStrategyInterface } from 'typeorm';

/** `fullKey` → `full_key`: the column name PostgreSQL conventions give a camelCase property. */
export const snakeCase = (name: string): string =>
  name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Entities name their properties in camelCase and their columns in snake_case; this rule says so once,
 * so a column declares a `name` only when it is not its property's name in snake_case.
 */
export class SnakeCaseNamingStrategy extends DefaultNamingStrategy implements NamingStrategyInterface {
  override columnName(
    propertyName: string,
    customName: string | undefined,
    embeddedPrefixes: string[],
  ): string {
    return customName ?? snakeCase([...embeddedPrefixes, propertyName].join('_'));
  }
}
