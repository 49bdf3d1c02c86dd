import { ApiProperty } from '@nestjs/swagger';
import { IMAGE_ANGLES, SHARE_READY_MESSAGE } from '@starborn/contracts';

export class SharedLinkResponse {
  @ApiProperty({ description: '24 base64url characters; the public link is /share/<id>' }) id!: string;
  @ApiProperty() heroId!: string;
  @ApiProperty() heroName!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ description: 'How many times the public link was opened' }) accessCount!: number;
  @ApiProperty() isActive!: boolean;
  @ApiProperty({ example: 'https://starborn.example/share/3q2-7w_Xb9aQmZt0LkP1rS4u' }) shareUrl!: string;
  @ApiProperty({ description: 'The same as id (clients of the contract read shareId)' }) shareId!: string;
}

/** The link as clients of the contract read it under `sharedLink`: its URL is a path on this site. */
export class SharedLinkSummary {
  @ApiProperty({ description: '24 base64url characters' }) shareId!: string;
  @ApiProperty({
    example: '/share/3q2-7w_Xb9aQmZt0LkP1rS4u',
    description: "The public page of the link, relative to the site's origin",
  })
  shareUrl!: string;
  @ApiProperty() heroId!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ description: 'How many times the public link was opened' }) accessCount!: number;
  @ApiProperty() isActive!: boolean;
}

/** POST /api/heroes/{id}/share: the link's fields as before, plus `message` and `sharedLink`. */
export class SharedLinkCreatedResponse extends SharedLinkResponse {
  @ApiProperty({ example: SHARE_READY_MESSAGE }) message!: string;
  @ApiProperty({ type: SharedLinkSummary }) sharedLink!: SharedLinkSummary;
}

export class SharedLinkListResponse {
  @ApiProperty({ type: [SharedLinkResponse] }) sharedLinks!: SharedLinkResponse[];
}

class SharedHeroImage {
  @ApiProperty({ description: 'Signed full-quality /media URL (.png; .webp with the same query also works)' })
  url!: string;
  @ApiProperty({ enum: IMAGE_ANGLES }) angle!: string;
}

class SharedHero {
  @ApiProperty() name!: string;
  @ApiProperty({ type: [SharedHeroImage] }) images!: SharedHeroImage[];
  @ApiProperty({ description: 'Same shape as a hero’s westernZodiac' }) westernZodiac!: object;
  @ApiProperty({ description: 'Same shape as a hero’s chineseZodiac' }) chineseZodiac!: object;
  @ApiProperty({ description: 'The full backstory (markdown)' }) backstory!: string;
  @ApiProperty({
    description: "The link preview card (1200×630 PNG), relative to the site's origin",
    example: '/api/share/3q2-7w_Xb9aQmZt0LkP1rS4u/card/dGhlLWNhcmQtdmVyc2lvbjE.png',
  })
  cardPath!: string;
}

export class SharedHeroResponse {
  @ApiProperty({ type: SharedHero }) hero!: SharedHero;
}
