import { describe, expect, it } from 'vitest';
import { parseSizeMm, printPixels, sizeFromOptions } from './print-size';

describe('print sizes', () => {
  it('reads the catalogue names of sizes in centimetres, millimetres, inches and A paper sizes', () => {
    expect(parseSizeMm('10×15 cm')).toEqual({ width: 100, height: 150 });
    expect(parseSizeMm('13x18')).toEqual({ width: 130, height: 180 });
    expect(parseSizeMm('30 x 40 cm')).toEqual({ width: 300, height: 400 });
    expect(parseSizeMm('210×297 mm')).toEqual({ width: 210, height: 297 });
    expect(parseSizeMm('8x10 in')).toEqual({ width: 203, height: 254 });
    expect(parseSizeMm('A4 landscape, hardcover')).toEqual({ width: 297, height: 210 });
    expect(parseSizeMm('A5')).toEqual({ width: 148, height: 210 });
    expect(parseSizeMm('Glossy')).toBeNull();
  });

  it('takes the option that names a size', () => {
    expect(sizeFromOptions({ Finish: 'Matt', Size: '20×30 cm' })).toEqual({ width: 200, height: 300 });
    expect(sizeFromOptions({ Finish: 'Matt' })).toBeNull();
  });

  it('gives 300 dpi pixels with the long side along the photo', () => {
    expect(printPixels({ width: 100, height: 150 }, { width: 3000, height: 2000 })).toEqual({
      width: 1772,
      height: 1181,
    });
    expect(printPixels({ width: 100, height: 150 }, { width: 2000, height: 3000 })).toEqual({
      width: 1181,
      height: 1772,
    });
  });
});
