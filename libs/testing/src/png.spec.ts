import sharp from 'sharp';
import { solidPng } from './png.js';

describe('solidPng', () => {
  it('is a PNG an image library reads, of the size and colour asked', async () => {
    const png = solidPng(5, 3, '#3F6AB5');
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 5, height: 3, channels: 3 });
    for (let i = 0; i < data.length; i += 3) expect([...data.subarray(i, i + 3)]).toEqual([0x3f, 0x6a, 0xb5]);
  });

  it('refuses a colour that is not #rrggbb and a size that is not a positive whole number', () => {
    expect(() => solidPng(4, 4, 'blue')).toThrow('#rrggbb');
    expect(() => solidPng(0, 4, '#000000')).toThrow('positive whole');
    expect(() => solidPng(2.5, 4, '#000000')).toThrow('positive whole');
  });
});
