import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
import type { BookPreparingDto } from '@starborn/contracts';

/** The 202 of a book export or assets bundle whose book is still being rendered. */
export class BookPreparingResponse implements BookPreparingDto {
  @ApiProperty({ enum: ['preparing'], example: 'preparing' }) status!: 'preparing';
  @ApiProperty({ example: 3000, description: 'Ask again after this many milliseconds (also Retry-After).' })
  retryAfterMs!: number;
}

/** The 202 entry of a route that may answer it, with its JSON schema. */
export const bookPreparingAnswer = (what: string) => ({
  status: 202,
  description: `${what} is still being rendered: ask again after retryAfterMs (also sent as Retry-After).`,
  content: { 'application/json': { schema: { $ref: getSchemaPath(BookPreparingResponse) } } },
});
