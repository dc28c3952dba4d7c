import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findByBibBodySchema } from '../api/events';
import { MEDIA_BIBS_MAX, mediaBibsPatchSchema, putEventBibsBodySchema } from '../api/organiser-bibs';
import {
  BIB_LIST_MAX,
  bibNumberSchema,
  bibOfTag,
  compareBibs,
  formatBibRanges,
  parseBibList,
} from './bib-numbers';

const bibValue = fc.integer({ min: 100, max: 99_999 });
const separator = fc.constantFrom(',', ' ', '\n', '\r\n', '\t', ';', ', ', ' ;\t');

describe('parseBibList', () => {
  it('reads numbers and ranges with any dash, separated as a spreadsheet pastes them', () => {
    const list = parseBibList('1042, 1043\n2000-2002\t3000–3001;4000 — 4001\r\n5000 - 5000');
    expect(list.numbers).toEqual([
      '1042',
      '1043',
      '2000',
      '2001',
      '2002',
      '3000',
      '3001',
      '4000',
      '4001',
      '5000',
    ]);
    expect(list.problems).toEqual([]);
  });

  it('expands a range crossing a length in plain digits', () => {
    expect(parseBibList('998-1001').numbers).toEqual(['998', '999', '1000', '1001']);
  });

  it('keeps leading zeros: a zero-padded range stays padded, and 042 and 0042 are different bibs', () => {
    expect(parseBibList('0098-0101').numbers).toEqual(['0098', '0099', '0100', '0101']);
    expect(parseBibList('0042 042 100').numbers).toEqual(['042', '0042', '100']);
    expect(parseBibList('098-1001').problems).toEqual([{ token: '098-1001', reason: 'wrong_length' }]);
  });

  it('reports each refused token with its reason and keeps the rest', () => {
    const list = parseBibList('1042 +1043 12 123456 abc 12a 2000-1999 1000-2000-3000 10-200 1042.0, -5 1050');
    expect(list.numbers).toEqual(['1042', '1050']);
    expect(list.problems).toEqual([
      { token: '+1043', reason: 'not_a_number' },
      { token: '12', reason: 'wrong_length' },
      { token: '123456', reason: 'wrong_length' },
      { token: 'abc', reason: 'not_a_number' },
      { token: '12a', reason: 'not_a_number' },
      { token: '2000-1999', reason: 'reversed_range' },
      { token: '1000-2000-3000', reason: 'not_a_number' },
      { token: '10-200', reason: 'wrong_length' },
      { token: '1042.0', reason: 'not_a_number' },
      { token: '-5', reason: 'not_a_number' },
    ]);
  });

  it(`refuses whole the token that would name more than ${BIB_LIST_MAX} numbers, and those after it`, () => {
    const list = parseBibList('00000-49999 50000-99999 100-101 1000');
    expect(list.numbers).toHaveLength(BIB_LIST_MAX);
    expect(list.problems).toEqual([
      { token: '100-101', reason: 'too_many' },
      { token: '1000', reason: 'too_many' },
    ]);
    // repeats count, so pasting a huge range twice cannot make the parser loop for ever
    const twice = parseBibList('10000-99999 10000-99999');
    expect(twice.numbers).toHaveLength(90_000);
    expect(twice.problems).toEqual([{ token: '10000-99999', reason: 'too_many' }]);
  });

  it('returns every number once, in order, whatever the order, repeats and separators', () => {
    fc.assert(
      fc.property(
        fc.array(bibValue, { maxLength: 60 }),
        fc.array(separator, { minLength: 60, maxLength: 60 }),
        (values, seps) => {
          const text = values.map((v, i) => `${v}${seps[i]}`).join('');
          const { numbers, problems } = parseBibList(text);
          expect(problems).toEqual([]);
          expect(numbers).toEqual([...new Set(values)].sort((a, b) => a - b).map(String));
        },
      ),
    );
  });

  it('expands a range to exactly the numbers between its ends', () => {
    fc.assert(
      fc.property(bibValue, fc.integer({ min: 0, max: 300 }), (from, span) => {
        const to = Math.min(from + span, 99_999);
        const { numbers } = parseBibList(`${from}-${to}`);
        expect(numbers).toHaveLength(to - from + 1);
        expect(numbers[0]).toBe(String(from));
        expect(numbers.at(-1)).toBe(String(to));
        if (to < 99_999) expect(parseBibList(`${to + 1}-${from}`).problems[0]?.reason).toBe('reversed_range');
      }),
    );
  });

  it('only ever keeps numbers the bib schema accepts', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        for (const n of parseBibList(text).numbers) expect(bibNumberSchema.safeParse(n).success).toBe(true);
      }),
    );
  });
});

describe('compareBibs', () => {
  it('orders by value, then the shorter first', () => {
    expect(['1000', '0999', '999', '042', '0042'].sort(compareBibs)).toEqual([
      '042',
      '0042',
      '999',
      '0999',
      '1000',
    ]);
  });
});

describe('the PUT bibs body', () => {
  it('takes bibs and the switch, and answers them unique and in order', () => {
    const body = putEventBibsBodySchema.parse({
      numbers: ['1043', '1042', '1043', ' 0042'],
      recognition: true,
    });
    expect(body).toEqual({ numbers: ['0042', '1042', '1043'], recognition: true });
  });

  it('refuses anything but bibs, and a missing switch', () => {
    for (const numbers of [['12'], ['123456'], ['+1042'], ['10a2'], [1042], '1042']) {
      expect(putEventBibsBodySchema.safeParse({ numbers, recognition: false }).success).toBe(false);
    }
    expect(putEventBibsBodySchema.safeParse({ numbers: ['1042'] }).success).toBe(false);
    const all = Array.from({ length: BIB_LIST_MAX }, (_, i) => String(i).padStart(5, '0'));
    expect(putEventBibsBodySchema.safeParse({ numbers: all, recognition: true }).success).toBe(true);
    const tooMany = [...all, '000'];
    expect(putEventBibsBodySchema.safeParse({ numbers: tooMany, recognition: true }).success).toBe(false);
  });
});

describe('the bib corrections and find-by-bib bodies', () => {
  it("take a photo's bibs once each, at most a pack's worth", () => {
    expect(mediaBibsPatchSchema.parse(['1042', '1042', '0042'])).toEqual(['1042', '0042']);
    expect(mediaBibsPatchSchema.parse([])).toEqual([]);
    expect(mediaBibsPatchSchema.safeParse(['21KM']).success).toBe(false);
    const many = Array.from({ length: MEDIA_BIBS_MAX + 1 }, (_, i) => String(1000 + i));
    expect(mediaBibsPatchSchema.safeParse(many).success).toBe(false);
  });

  it('take a bib and a last name', () => {
    expect(findByBibBodySchema.parse({ bib: ' 1042 ', last_name: ' Novak ' })).toEqual({
      bib: '1042',
      last_name: 'Novak',
    });
    expect(findByBibBodySchema.safeParse({ bib: '1042', last_name: '  ' }).success).toBe(false);
    expect(findByBibBodySchema.safeParse({ bib: '1042' }).success).toBe(false);
    expect(findByBibBodySchema.safeParse({ bib: 1042, last_name: 'Novak' }).success).toBe(false);
  });
});

describe('formatBibRanges', () => {
  it('writes runs as ranges that parseBibList reads back to the same list', () => {
    expect(formatBibRanges(['1000', '1001', '1002', '1500', '0098', '0099', '0100', '999'])).toBe(
      '0098-0100, 999-1002, 1500',
    );
    expect(formatBibRanges([])).toBe('');
    const bib = fc.oneof(
      bibValue.map(String),
      fc
        .tuple(fc.integer({ min: 0, max: 9_999 }), fc.integer({ min: 3, max: 5 }))
        .map(([v, w]) => String(v).padStart(w, '0')),
    );
    fc.assert(
      fc.property(
        fc.array(
          bib.filter((b) => /^[0-9]{3,5}$/.test(b)),
          { maxLength: 200 },
        ),
        (list) => {
          const unique = [...new Set(list)].sort(compareBibs);
          const back = parseBibList(formatBibRanges(unique));
          expect(back.problems).toEqual([]);
          expect(back.numbers).toEqual(unique);
        },
      ),
    );
  });
});

describe('bibOfTag', () => {
  it('reads only bib- and a bib number', () => {
    expect(bibOfTag('bib-1042')).toBe('1042');
    expect(bibOfTag('bib-0042')).toBe('0042');
    for (const tag of ['bib-7', 'bib-123456', 'bib-12a', 'Bib-1042', 'finish', 'bib-'])
      expect(bibOfTag(tag)).toBeNull();
  });
});
