import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { ApiException } from './http-error.filter.js';
import { validationPipe, withDeclaredSpellings } from './validation.js';

class CamelBody {
  @IsString() heroId!: string;
  @IsOptional() @IsString() walletAddress?: string;
}

class SnakeBody {
  @IsString() heroId!: string;
  @IsOptional() @IsBoolean() is_test?: boolean;
}

const validate = (body: unknown, metatype: new () => object) =>
  validationPipe.transform(body, { type: 'body', metatype, data: undefined });

describe('request bodies in camelCase or snake_case', () => {
  it('accepts a declared camelCase field sent as snake_case, and the reverse', async () => {
    await expect(validate({ hero_id: 'h1', wallet_address: '0x1' }, CamelBody)).resolves.toEqual({
      heroId: 'h1',
      walletAddress: '0x1',
    });
    await expect(validate({ heroId: 'h1', isTest: true }, SnakeBody)).resolves.toEqual({
      heroId: 'h1',
      is_test: true,
    });
    await expect(validate({ hero_id: 'h1', is_test: false }, SnakeBody)).resolves.toEqual({
      heroId: 'h1',
      is_test: false,
    });
  });

  it('takes both spellings when they agree and refuses them when they differ', async () => {
    await expect(validate({ heroId: 'h1', hero_id: 'h1' }, CamelBody)).resolves.toEqual({ heroId: 'h1' });
    const refused: unknown = await validate({ heroId: 'h1', hero_id: 'h2' }, CamelBody).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiException);
    if (!(refused instanceof ApiException)) return; // for the type: the line above has failed
    expect(refused.getStatus()).toBe(400);
    expect(refused.shape).toMatchObject({
      status: 400,
      message: 'heroId and hero_id name the same field; send one of them.',
    });
  });

  it('ignores unknown fields instead of refusing them', async () => {
    const result = await validate(
      { heroId: 'h1', userId: 'u', extra: { nested: true }, some_thing: 1 },
      CamelBody,
    );
    expect(result).toEqual({ heroId: 'h1' });
    expect(result).toBeInstanceOf(CamelBody);
  });

  it('still validates the renamed field', async () => {
    const refused = await validate({ hero_id: 42 }, CamelBody).catch((error) => error);
    expect(refused).toBeInstanceOf(ApiException);
  });

  it('leaves keys alone when neither spelling is declared', () => {
    expect(withDeclaredSpellings({ a_b: 1, cD: 2 }, new Set(['x']))).toEqual({ a_b: 1, cD: 2 });
  });
});
