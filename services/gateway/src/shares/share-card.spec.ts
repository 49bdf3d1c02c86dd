import sharp from 'sharp';
import { CARD_HEIGHT, CARD_WIDTH, renderShareCard } from './share-card.js';

const BACKGROUND = { r: 0x0a, g: 0x07, b: 0x18 };

async function portrait(): Promise<Buffer> {
  return sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#7a3cc8' } })
    .png()
    .toBuffer();
}

/** Pixels of the region that differ from the card's background. */
async function inkIn(png: Buffer, region: { left: number; top: number; width: number; height: number }) {
  const { data, info } = await sharp(png).extract(region).raw().toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const distance =
      Math.abs(data[i] - BACKGROUND.r) +
      Math.abs(data[i + 1] - BACKGROUND.g) +
      Math.abs(data[i + 2] - BACKGROUND.b);
    if (distance > 60) ink++;
  }
  return ink;
}

const TEXT_AREA = { left: 690, top: 120, width: 500, height: 300 };

describe('renderShareCard', () => {
  it('renders a 1200×630 PNG with the portrait on the left and the text drawn on the right', async () => {
    const png = await renderShareCard({
      name: 'Lyra Starwhisper',
      westernSign: 'Aquarius',
      chineseSign: 'Ox',
      portrait: await portrait(),
    });
    const metadata = await sharp(png).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', CARD_WIDTH, CARD_HEIGHT]);
    // The portrait's colour fills the left side.
    const { data } = await sharp(png).extract({ left: 100, top: 300, width: 1, height: 1 }).raw().toBuffer({
      resolveWithObject: true,
    });
    expect([...data.subarray(0, 3)]).toEqual([0x7a, 0x3c, 0xc8]);
    // Text is drawn as paths from the bundled fonts, whatever fonts the machine has.
    expect(await inkIn(png, TEXT_AREA)).toBeGreaterThan(2_000);
  });

  it('gives the same bytes for the same artwork, and other bytes for another name', async () => {
    const artwork = { name: 'Ash', westernSign: 'Aries', chineseSign: 'Dragon', portrait: await portrait() };
    const [first, second, renamed] = await Promise.all([
      renderShareCard(artwork),
      renderShareCard(artwork),
      renderShareCard({ ...artwork, name: 'Ember' }),
    ]);
    expect(first.equals(second)).toBe(true);
    expect(first.equals(renamed)).toBe(false);
  });

  it('fits long names, letters of other scripts, and a hero without a portrait', async () => {
    const short = await renderShareCard({ name: 'Rex', westernSign: 'Leo', chineseSign: 'Rat' });
    const long = await renderShareCard({
      name: 'Ærwyn Λύρα Жанна of the Endless Midnight Tide, Keeper of the Ninth Gate',
      westernSign: 'Sagittarius',
      chineseSign: 'Rooster',
    });
    for (const png of [short, long]) {
      expect((await sharp(png).metadata()).width).toBe(CARD_WIDTH);
      expect(await inkIn(png, TEXT_AREA)).toBeGreaterThan(1_000);
      // Nothing drawn past the right margin.
      expect(await inkIn(png, { left: CARD_WIDTH - 40, top: 0, width: 40, height: CARD_HEIGHT })).toBe(0);
    }
    // A longer name takes more ink: its letters are drawn, not dropped.
    expect(await inkIn(long, TEXT_AREA)).toBeGreaterThan(await inkIn(short, TEXT_AREA));
  });
});
