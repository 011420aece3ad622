import { describe, expect, it } from 'vitest';
import { encodeList, readCensus1990, sumBirths } from '../../../scripts/name-lists/build';
import { dataFrameColumns, readRData } from '../../../scripts/name-lists/r-data';
import { readVornamenCsv } from '../../../scripts/name-lists/vornamen-csv';

describe('readCensus1990', () => {
  it('reads name, share per 100,000 and keeps the rank order', () => {
    const list =
      'SMITH          1.006  1.006      1\nJOHNSON        0.810  1.816      2\nZYGMONT        0.000 90.483  88799\n';
    expect(readCensus1990(list)).toEqual([
      { name: 'SMITH', weight: 1006 },
      { name: 'JOHNSON', weight: 810 },
      { name: 'ZYGMONT', weight: 0 },
    ]);
  });

  it('refuses a line it cannot read and ranks out of order', () => {
    expect(() => readCensus1990('SMITH one\n')).toThrow(/census line/);
    expect(() => readCensus1990('A 0.1 0.1 2\nB 0.1 0.2 1\n')).toThrow(/order/);
  });
});

describe('sumBirths', () => {
  it('sums births over years and sexes, most frequent first, ties by name', () => {
    expect(
      sumBirths(['Camille', 'Camille', 'Léa', 'Ana'], ['F', 'M', 'F', 'F'], [30, 10, 5, 5]),
    ).toEqual([
      { name: 'Camille', weight: 40, female: 75 },
      { name: 'Ana', weight: 5, female: 100 },
      { name: 'Léa', weight: 5, female: 100 },
    ]);
  });
});

describe('encodeList', () => {
  it('writes comma-separated entries in single quotes, an apostrophe escaped', () => {
    const literal = encodeList([
      { name: 'SMITH', weight: 1006 },
      { name: "N'Dri", weight: 12, female: 0 },
    ]);
    expect(literal).toBe("'SMITH 1006,N\\x27Dri 12 0'");
    // The literal is valid JavaScript for the same text.
    expect(new Function(`return ${literal}`)()).toBe("SMITH 1006,N'Dri 12 0");
    expect(() => encodeList([{ name: 'Marie Christine', weight: 1 }])).toThrow(/space/);
  });
});

/** Writes a tiny R serialization (XDR, version 2) by hand: a data frame `df` of two columns. */
function tinyRda(): Buffer {
  const parts: Buffer[] = [Buffer.from('RDX2\nX\n', 'latin1')];
  const int = (v: number) => {
    const b = Buffer.alloc(4);
    b.writeInt32BE(v);
    parts.push(b);
  };
  const chars = (s: string | null) => {
    int(9);
    if (s === null) return int(-1);
    const bytes = Buffer.from(s, 'utf8');
    int(bytes.length);
    parts.push(bytes);
  };
  const symbol = (s: string) => {
    int(1);
    chars(s);
  };
  int(2);
  int(0x030500);
  int(0x020300);
  int(2 | (1 << 10)); // pairlist cell with a tag
  symbol('df');
  int(19 | (1 << 8) | (1 << 9)); // list, object, attributes
  int(2);
  int(16); // character column
  int(2);
  chars('Zoë');
  chars(null);
  int(13); // integer column
  int(2);
  int(3);
  int(-2147483648);
  int(2 | (1 << 10)); // attributes: names
  symbol('names');
  int(16);
  int(2);
  chars('name');
  chars('n');
  int(2 | (1 << 10)); // row.names
  symbol('row.names');
  int(13);
  int(2);
  int(-2147483648);
  int(-2);
  int(254); // end of the attributes
  int(254); // end of the top pairlist
  return Buffer.concat(parts);
}

describe('readRData', () => {
  it('reads a data frame: columns by name, NA as null, UTF-8 strings', () => {
    const objects = readRData(tinyRda());
    const columns = dataFrameColumns(objects.get('df')!);
    expect(columns.get('name')!.values).toEqual(['Zoë', null]);
    expect(columns.get('n')!.values).toEqual([3, null]);
  });

  it('refuses what is not an R data file', () => {
    expect(() => readRData(Buffer.from('PK\u0003\u0004 zip'))).toThrow(/not an R data file/);
  });
});

describe('readVornamenCsv', () => {
  it("reads Berlin's and Cologne's layouts by their headers, girls as F", () => {
    expect(
      readVornamenCsv('vorname,anzahl,geschlecht,position\nMarie,50,w,2\nAdam,41,m,1\n'),
    ).toEqual({
      rows: [
        { name: 'Marie', count: 50, sex: 'F' },
        { name: 'Adam', count: 41, sex: 'M' },
      ],
      skipped: 0,
    });
    expect(
      readVornamenCsv('\uFEFFanzahl;vorname;geschlecht;position\n257;Anna-Lena;w;2\n').rows,
    ).toEqual([{ name: 'Anna-Lena', count: 257, sex: 'F' }]);
  });

  it('trims punctuation off a quoted name and skips what is no name', () => {
    const read = readVornamenCsv(
      'vorname,anzahl,geschlecht\n"Adelina,",1,w\n(ohne Vorname),3,m\nD\'Angelo,2,m\n',
    );
    expect(read.rows).toEqual([
      { name: 'Adelina', count: 1, sex: 'F' },
      { name: "D'Angelo", count: 2, sex: 'M' },
    ]);
    expect(read.skipped).toBe(1);
  });

  it('fails on a file without the columns, and on a count that is no count', () => {
    expect(() => readVornamenCsv('name,count\nA,1\n')).toThrow(/vorname/);
    expect(() => readVornamenCsv('vorname,anzahl,geschlecht\nA,x,w\n')).toThrow(/count/);
  });
});
