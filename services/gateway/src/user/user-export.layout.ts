import type {
  AccountExport,
  DownloadEntry,
  ExportedQuality,
  HeroesExport,
  PaymentsExport,
  RoomMessagesExport,
  StorybooksExport,
} from '@starborn/contracts';

/** What each service answered for one user's export. */
export interface UserExportParts {
  account: AccountExport;
  heroes: HeroesExport;
  storybooks: StorybooksExport;
  roomMessages: RoomMessagesExport;
  payments: PaymentsExport;
}

/** starborn-data-<YYYY-MM-DD>.zip, the day of the export in UTC. */
export function exportFileName(now: Date): string {
  return `starborn-data-${now.toISOString().slice(0, 10)}.zip`;
}

const json = (path: string, value: unknown): DownloadEntry => ({
  path,
  text: `${JSON.stringify(value, null, 2)}\n`,
});

/** A picture of the export: its file in the zip in place of its storage key. */
const mediaFile = (path: string, quality: ExportedQuality) => ({ quality, file: path });

/**
 * The zip's files: a README, one JSON file per kind of data, and the pictures under media/<heroId>/.
 * The JSON names each picture by its path in the zip (storage keys are the server's business).
 */
export function userExportEntries(parts: UserExportParts, exportedAt: Date): DownloadEntry[] {
  const media: DownloadEntry[] = [];
  const heroes = parts.heroes.heroes.map(({ artVersions, ...hero }) => {
    // A picture is put in the zip once: the shown version's pictures are also one of the versions'.
    const pathOfKey = new Map<string, string>();
    const picture = (storageKey: string, path: string): string => {
      const known = pathOfKey.get(storageKey);
      if (known) return known;
      pathOfKey.set(storageKey, path);
      media.push({ path, storageKey });
      return path;
    };
    return {
      ...hero,
      images: hero.images.map(({ storageKey, quality, ...image }) => ({
        ...image,
        ...mediaFile(picture(storageKey, `media/${hero.id}/${image.angle}.png`), quality),
      })),
      // Every version of the art; the pictures of those not shown under media/<heroId>/art-v<n>/.
      ...(artVersions
        ? {
            artVersions: artVersions.map(({ images, ...version }) => ({
              ...version,
              images: images.map(({ storageKey, quality, ...image }) => ({
                ...image,
                ...mediaFile(
                  picture(storageKey, `media/${hero.id}/art-v${version.version}/${image.angle}.png`),
                  quality,
                ),
              })),
            })),
          }
        : {}),
    };
  });
  const storybooks = parts.storybooks.storybooks.map((story) => ({
    ...story,
    chapters: story.chapters.map(({ illustration, ...chapter }) => {
      if (!illustration) return { ...chapter, illustration: null };
      const path = `media/${story.heroId}/chapter-${String(chapter.chapterNumber).padStart(2, '0')}.png`;
      media.push({ path, storageKey: illustration.storageKey });
      return { ...chapter, illustration: mediaFile(path, illustration.quality) };
    }),
  }));
  return [
    { path: 'README.txt', text: readme(exportedAt) },
    json('account.json', parts.account),
    json('heroes.json', heroes),
    json('storybooks.json', storybooks),
    json('shares.json', parts.heroes.shares),
    json('room-messages.json', parts.roomMessages.messages),
    json('payments.json', parts.payments.payments),
    ...media,
  ];
}

function readme(exportedAt: Date): string {
  return [
    'Your Starborn data',
    `Exported ${exportedAt.toISOString()}.`,
    '',
    'account.json        your account (name, email, dates) and the support requests you sent',
    'heroes.json         every hero: name, birth date, zodiac, status, backstory (whole for premium heroes), pictures',
    'storybooks.json     each hero’s storybook with every chapter you can read (text and illustration)',
    'shares.json         the share links of your heroes (the link is https://<site>/share/<id>), views counted',
    'room-messages.json  the messages your heroes wrote in shared story rooms, with the room and the time',
    'payments.json       your payments: amount (in cents), currency, type, status, dates, hero; no card data',
    'media/<hero id>/    the pictures: full quality for premium heroes, the watermarked previews otherwise;',
    '                    art-v<n>/ holds the other versions of a hero’s art (0 the first, then each recreation)',
    '',
    'Dates are UTC (ISO 8601). Each picture in the JSON files names its file here and its quality.',
    '',
  ].join('\n');
}
