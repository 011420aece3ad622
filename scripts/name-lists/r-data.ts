/**
 * A reader for R's serialization format (XDR, versions 2 and 3), enough for the data frames of
 * an `.rda` file: vectors of logicals, integers, doubles and strings, lists, pairlists and their
 * attributes. Closures, environments and byte code are refused: a data file holds none.
 */

/** An R value: a vector with its attributes (names, class, row.names…). */
export interface RValue {
  type: 'NULL' | 'logical' | 'integer' | 'double' | 'character' | 'list' | 'pairlist' | 'symbol';
  values: unknown[];
  /** Tags of a pairlist's cells, in order (the object names of an `.rda` file). */
  tags?: (string | undefined)[];
  attributes?: Map<string, RValue>;
}

const NA_INTEGER = -2147483648;

class Reader {
  private at = 0;
  private readonly refs: RValue[] = [];
  constructor(private readonly bytes: Buffer) {}

  int(): number {
    const v = this.bytes.readInt32BE(this.at);
    this.at += 4;
    return v;
  }

  double(): number {
    const v = this.bytes.readDoubleBE(this.at);
    this.at += 8;
    return v;
  }

  string(length: number): string {
    const s = this.bytes.toString('utf8', this.at, this.at + length);
    this.at += length;
    return s;
  }

  header(): void {
    const magic = this.string(5);
    if (magic !== 'RDX2\n' && magic !== 'RDX3\n')
      throw new Error(`not an R data file (${JSON.stringify(magic)})`);
    if (this.string(2) !== 'X\n') throw new Error('only the XDR (binary) R format is read');
    const version = this.int();
    this.int(); // R version that wrote it
    this.int(); // oldest R version that reads it
    if (version === 3) this.string(this.int()); // native encoding
  }

  length(): number {
    const n = this.int();
    if (n === -1) throw new Error('long vectors are not read');
    return n;
  }

  item(): RValue | string | null {
    const flags = this.int();
    const type = flags & 0xff;
    const hasAttr = (flags & (1 << 9)) !== 0;
    const hasTag = (flags & (1 << 10)) !== 0;
    switch (type) {
      case 254: // NILVALUE_SXP
        return null;
      case 242: // EMPTYENV, BASEENV, GLOBALENV, UNBOUNDVALUE, MISSINGARG, BASENAMESPACE
      case 241:
      case 253:
      case 252:
      case 251:
      case 247:
        return null;
      case 255: {
        // REFSXP: a symbol met before
        let index = flags >> 8;
        if (index === 0) index = this.int();
        return this.refs[index - 1]!;
      }
      case 1: {
        // SYMSXP
        const name = this.item() as string;
        const sym: RValue = { type: 'symbol', values: [name] };
        this.refs.push(sym);
        return sym;
      }
      case 9: {
        // CHARSXP
        const n = this.int();
        return n === -1 ? (null as unknown as string) : this.string(n);
      }
      case 2: {
        // LISTSXP: attributes, tag, car, cdr
        const values: unknown[] = [];
        const tags: (string | undefined)[] = [];
        let attributes: Map<string, RValue> | undefined;
        let cellAttr = hasAttr;
        let cellTag = hasTag;
        for (;;) {
          if (cellAttr) attributes = this.attributes();
          const tag = cellTag ? ((this.item() as RValue).values[0] as string) : undefined;
          tags.push(tag);
          values.push(this.item());
          const next = this.int();
          const nextType = next & 0xff;
          if (nextType === 254) break;
          if (nextType !== 2) throw new Error(`pairlist ends with type ${nextType}`);
          cellAttr = (next & (1 << 9)) !== 0;
          cellTag = (next & (1 << 10)) !== 0;
        }
        return { type: 'pairlist', values, tags, attributes };
      }
      case 10:
      case 13: {
        // LGLSXP, INTSXP
        const n = this.length();
        const values = Array.from({ length: n }, () => {
          const v = this.int();
          return v === NA_INTEGER ? null : v;
        });
        return this.withAttributes({ type: type === 10 ? 'logical' : 'integer', values }, hasAttr);
      }
      case 14: {
        const n = this.length();
        const values = Array.from({ length: n }, () => this.double());
        return this.withAttributes({ type: 'double', values }, hasAttr);
      }
      case 16: {
        const n = this.length();
        const values = Array.from({ length: n }, () => this.item());
        return this.withAttributes({ type: 'character', values }, hasAttr);
      }
      case 19: {
        const n = this.length();
        const values = Array.from({ length: n }, () => this.item());
        return this.withAttributes({ type: 'list', values }, hasAttr);
      }
      case 238: {
        // ALTREP_SXP (compact sequences, as row.names may be): info, state, attributes
        const info = this.item() as RValue;
        const state = this.item() as RValue;
        const attr = this.item();
        const kind = (info.values[0] as RValue).values[0];
        if (kind !== 'compact_intseq' && kind !== 'compact_realseq') {
          throw new Error(`ALTREP class ${String(kind)} is not read`);
        }
        const [n, start, step] = state.values as number[];
        const values = Array.from({ length: n! }, (_, i) => start! + i * step!);
        const value: RValue = { type: kind === 'compact_intseq' ? 'integer' : 'double', values };
        if (attr && typeof attr === 'object') value.attributes = toAttributes(attr);
        return value;
      }
      default:
        throw new Error(`R type ${type} is not read (a data file holds vectors only)`);
    }
  }

  attributes(): Map<string, RValue> {
    const list = this.item();
    return list && typeof list === 'object' ? toAttributes(list) : new Map();
  }

  withAttributes(value: RValue, hasAttr: boolean): RValue {
    if (hasAttr) value.attributes = this.attributes();
    return value;
  }
}

function toAttributes(list: RValue): Map<string, RValue> {
  const out = new Map<string, RValue>();
  list.values.forEach((v, i) => {
    const tag = list.tags?.[i];
    if (tag !== undefined) out.set(tag, v as RValue);
  });
  return out;
}

/**
 * Reads the objects of an uncompressed `.rda` payload (the file after xz, gzip or bzip2).
 *
 * @example
 * const objects = readRData(payload); // Map { 'prenoms_nat' => { type: 'list', … } }
 */
export function readRData(bytes: Buffer): Map<string, RValue> {
  const reader = new Reader(bytes);
  reader.header();
  const top = reader.item() as RValue;
  const out = new Map<string, RValue>();
  for (const [i, v] of top.values.entries()) out.set(top.tags?.[i] ?? String(i), v as RValue);
  return out;
}

/**
 * The columns of a data frame, by name.
 *
 * @example
 * dataFrameColumns(objects.get('prenoms_nat')!).get('name')!.values[0]; // 'Marie'
 */
export function dataFrameColumns(frame: RValue): Map<string, RValue> {
  const names = frame.attributes?.get('names')?.values as string[] | undefined;
  if (frame.type !== 'list' || !names) throw new Error('not a data frame');
  return new Map(names.map((name, i) => [name, frame.values[i] as RValue]));
}
