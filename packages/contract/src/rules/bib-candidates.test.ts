import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptBibs,
  BIB_MIN_BOX_HEIGHT_PX,
  BIB_MIN_CONFIDENCE,
  bibText,
  type OcrBox,
} from './bib-candidates';

const box = (text: string, confidence = 0.95, height = 40): OcrBox => ({
  text,
  confidence,
  box: { x: 10, y: 20, width: 80, height },
});
const issued = new Set(['042', '1042', '2024', '4321', '12345']);

describe('acceptBibs', () => {
  it('takes a whole box of 3–5 digits that was issued, with its confidence', () => {
    expect(acceptBibs([box('1042', 0.91), box(' 4321 ')], issued)).toEqual([
      { number: '1042', confidence: 0.91 },
      { number: '4321', confidence: 0.95 },
    ]);
  });

  it('refuses a kilometre sign, a race clock, a pace, and numbers with letters', () => {
    const scene = [
      '21 KM',
      '21KM',
      'KM 21',
      '1:23:45',
      '1:04:21',
      '4:21',
      '10.42',
      '1042a',
      'No1042',
      '#1042',
      '1042-4321',
    ];
    expect(
      acceptBibs(
        scene.map((t) => box(t)),
        issued,
      ),
    ).toEqual([]);
  });

  it('refuses a year on a banner only because no such bib was issued', () => {
    expect(acceptBibs([box('2025')], issued)).toEqual([]);
    expect(acceptBibs([box('2024')], issued)).toEqual([{ number: '2024', confidence: 0.95 }]);
  });

  it('refuses numbers of the wrong length and numbers not issued', () => {
    expect(acceptBibs([box('42'), box('123456'), box('9999')], new Set(['42', '123456', '9999']))).toEqual([
      { number: '9999', confidence: 0.95 },
    ]);
    expect(acceptBibs([box('1043')], issued)).toEqual([]);
  });

  it('keeps leading zeros as read: 042 is not 0042', () => {
    expect(acceptBibs([box('042'), box('0042')], issued).map((b) => b.number)).toEqual(['042']);
  });

  it('joins digits that recognition read apart', () => {
    expect(acceptBibs([box('12 345'), box('1 0 4 2')], issued).map((b) => b.number)).toEqual([
      '1042',
      '12345',
    ]);
  });

  it(`needs confidence ≥ ${BIB_MIN_CONFIDENCE} and a box at least ${BIB_MIN_BOX_HEIGHT_PX} px tall`, () => {
    expect(acceptBibs([box('1042', BIB_MIN_CONFIDENCE - 0.01)], issued)).toEqual([]);
    expect(acceptBibs([box('1042', BIB_MIN_CONFIDENCE)], issued)).toHaveLength(1);
    expect(acceptBibs([box('1042', 0.99, BIB_MIN_BOX_HEIGHT_PX - 1)], issued)).toEqual([]);
    expect(acceptBibs([box('1042', 0.99, BIB_MIN_BOX_HEIGHT_PX)], issued)).toHaveLength(1);
    expect(
      acceptBibs([box('1042', Number.NaN), box('4321', 1.5), box('042', 0.9, Number.NaN)], issued),
    ).toEqual([]);
  });

  it('takes thresholds the server calibrated', () => {
    expect(acceptBibs([box('1042', 0.6, 10)], issued, { minConfidence: 0.5, minBoxHeight: 8 })).toHaveLength(
      1,
    );
  });

  it('lists each number once with its best confidence, in numeric order', () => {
    const number = fc.constantFrom(...issued);
    const read = fc.record({ number, confidence: fc.double({ min: 0, max: 1, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(read, { maxLength: 30 }), (reads) => {
        const result = acceptBibs(
          reads.map((r) => box(r.number, r.confidence)),
          issued,
        );
        const kept = reads.filter((r) => r.confidence >= BIB_MIN_CONFIDENCE);
        expect(result.map((b) => b.number)).toEqual(
          [...new Set(kept.map((r) => r.number))].sort((a, b) => Number(a) - Number(b)),
        );
        for (const b of result) {
          expect(b.confidence).toBe(
            Math.max(...kept.filter((r) => r.number === b.number).map((r) => r.confidence)),
          );
        }
      }),
    );
  });

  it('never takes a box whose text has anything but digits and spaces', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (text) => {
        const accepted = acceptBibs([box(text)], new Set([text.replace(/\s+/g, '')]));
        if (/[^0-9\s]/.test(text)) expect(accepted).toEqual([]);
      }),
    );
  });
});

describe('bibText', () => {
  it('gives the digits of a bib-shaped text, or null', () => {
    expect(bibText(' 1042 ')).toBe('1042');
    expect(bibText('1042\n')).toBe('1042');
    expect(bibText('21 KM')).toBeNull();
    expect(bibText('')).toBeNull();
    expect(bibText('１０４２')).toBeNull();
  });
});
