// The parsing side of an import: staged rows become COPY text in chunks, with the checks that need no
// database: numbers repeated in the file, and the counts of the rows refused in Node. stage.ts takes
// the chunks into the database.
import type { Counters } from './report';

export interface StageRow {
  rowNo: number;
  phone: string;
  cipher: string | null;
  hash: string | null;
  /** The clear number of a valid row (in-file duplicate check); not staged. */
  digits: string | null;
  name: string;
  contact: string;
  sex: 0 | 1 | null;
  company: string;
  address: string;
  remarks: string[];
  source: string;
  /** Set in Node for rows refused before the database: invalid, removed (landline), repeated in the file. */
  outcome: 'invalid' | 'removed' | 'duplicate' | null;
  reason: string;
}

export const COLS =
  'row_no, phone, cipher, hash, name, contact, sex, company, address, remark1, remark2, remark3, remark4, remark5, source, outcome, reason';

// COPY text format: backslash escapes, \N is NULL.
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const SPECIAL = /[\\\t\n\r]/;
const esc = (s: string) => (SPECIAL.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : s);
const nul = (s: string | number | null) => (s === null ? '\\N' : esc(String(s)));

export const stageLine = (r: StageRow): string =>
  `${r.rowNo}\t${nul(r.phone)}\t${nul(r.cipher)}\t${nul(r.hash)}\t${esc(r.name)}\t${esc(r.contact)}\t` +
  `${nul(r.sex)}\t${esc(r.company)}\t${esc(r.address)}\t${esc(r.remarks[0]!)}\t${esc(r.remarks[1]!)}\t` +
  `${esc(r.remarks[2]!)}\t${esc(r.remarks[3]!)}\t${esc(r.remarks[4]!)}\t${esc(r.source)}\t` +
  `${nul(r.outcome)}\t${esc(r.reason)}\n`;

/**
 * Numbers seen earlier in the file (in-file duplicates) with the row each was first seen on, keyed by
 * 1 + digits read as one integer (the leading 1 keeps a landline's leading zeros apart): an
 * open-addressing table in a Float64Array plus the rows in an Int32Array, ~24 MB for a million numbers
 * where a Map of strings would take well over 100 MB.
 */
export class NumberSet {
  private slots = new Float64Array(1 << 16);
  private rows = new Int32Array(1 << 16);
  private size = 0;
  private other = new Map<string, number>(); // anything that is not a short run of digits (never, in practice)

  /** Adds the number first seen on `rowNo`; returns 0 when it is new, else the row it was first seen on. */
  add(digits: string, rowNo = 1): number {
    const key = Number('1' + digits);
    if (!Number.isSafeInteger(key) || !/^\d+$/.test(digits)) {
      const first = this.other.get(digits);
      if (first !== undefined) return first;
      this.other.set(digits, rowNo);
      return 0;
    }
    if (this.size * 2 >= this.slots.length) this.grow();
    return this.put(this.slots, this.rows, key, rowNo);
  }

  private put(slots: Float64Array, rows: Int32Array, key: number, rowNo: number): number {
    const mask = slots.length - 1;
    // Multiplicative mixing of both halves of the key: sequential numbers spread over the table.
    let i = (Math.imul(key | 0, 0x9e3779b1) ^ Math.imul((key / 4294967296) | 0, 0x85ebca6b)) & mask;
    for (;;) {
      const v = slots[i]!;
      if (v === 0) {
        slots[i] = key;
        rows[i] = rowNo;
        if (slots === this.slots) this.size++;
        return 0;
      }
      if (v === key) return rows[i]! || 1;
      i = (i + 1) & mask;
    }
  }

  private grow(): void {
    const old = this.slots;
    const oldRows = this.rows;
    const next = new Float64Array(old.length * 2);
    const nextRows = new Int32Array(old.length * 2);
    for (let i = 0; i < old.length; i++) if (old[i] !== 0) this.put(next, nextRows, old[i]!, oldRows[i]!);
    this.slots = next;
    this.rows = nextRows;
  }
}

/** A chunk is sent at its row count or at this many bytes of COPY text, whichever comes first. */
const CHUNK_BYTES = 12 * 1024 * 1024;

/** Rows refused before the database, by outcome (the other counters stay 0 here). */
export type NodeCounters = Pick<Counters, 'duplicates' | 'invalid' | 'removed'>;

/**
 * Rows in, COPY text chunks out through `send`, which resolves once the chunk is in the database (its
 * buffer free again; the one before it stored): the caller awaits add()'s promise, the back-pressure. Each chunk leaves
 * sorted by hash (byte order, as the hash columns compare: COLLATE "C"), so the database's probes and
 * its insert into the dedupe index sweep their indexes forwards without sorting anything itself.
 */
export class Chunker {
  readonly counters: NodeCounters = { duplicates: 0, invalid: 0, removed: 0 };
  /**
   * Lines go straight into bytes, so a chunk never lives as a million small strings for the garbage
   * collector to promote. `fill` takes the lines as they come; a full chunk is copied, in hash order,
   * into `out`, which is free again when `send` resolves.
   */
  private fill: Buffer = Buffer.allocUnsafe(1 << 20);
  private out: Buffer = Buffer.allocUnsafe(1 << 20);
  private len = 0;
  private rows = 0;
  /** Per row of the chunk being filled: its hash ('' for rows refused in Node) and where its line ends. */
  private hashes: string[] = [];
  private ends: number[] = [];
  private seen = new NumberSet();

  constructor(
    private readonly chunkRows: number,
    private readonly send: (chunk: Buffer) => Promise<void>,
    /** The report's reason of an in-file duplicate, '{n}' standing for the row it repeats. */
    private readonly repeatsRow = 'repeats row {n}',
  ) {}

  /** Adds one row; returns a promise only when a full chunk is being sent (await it). */
  add(r: StageRow): Promise<void> | undefined {
    if (r.outcome === null && r.digits !== null) {
      const first = this.seen.add(r.digits, r.rowNo);
      if (first) {
        r.outcome = 'duplicate';
        r.reason = this.repeatsRow.replace('{n}', String(first));
      }
    }
    if (r.outcome !== null) this.counters[r.outcome === 'duplicate' ? 'duplicates' : r.outcome]++;
    const line = stageLine(r);
    if (this.len + line.length * 3 > this.fill.length)
      this.fill = grown(this.fill, this.len, line.length * 3);
    this.len += this.fill.write(line, this.len, 'utf8');
    this.hashes.push(r.outcome === null ? (r.hash ?? '') : '');
    this.ends.push(this.len);
    if (++this.rows < this.chunkRows && this.len < CHUNK_BYTES) return undefined;
    return this.flush();
  }

  /** Sends what is left. */
  async end(): Promise<void> {
    if (this.rows) await this.flush();
  }

  private flush(): Promise<void> {
    const { hashes, ends } = this;
    const order = Array.from({ length: this.rows }, (_, i) => i);
    // Hex digests: JS string order is byte order.
    order.sort((a, b) => (hashes[a]! < hashes[b]! ? -1 : hashes[a]! > hashes[b]! ? 1 : 0));
    if (this.out.length < this.len) this.out = grown(this.out, 0, this.len);
    const out = this.out;
    let o = 0;
    for (const i of order) o += this.fill.copy(out, o, i ? ends[i - 1]! : 0, ends[i]!);
    this.len = 0;
    this.rows = 0;
    this.hashes = [];
    this.ends = [];
    return this.send(out.subarray(0, o));
  }
}

/** A buffer big enough for `used` bytes kept plus `need` more, grown towards a chunk's size, then kept. */
function grown(buf: Buffer, used: number, need: number): Buffer {
  const size = Math.min(buf.length * 2, CHUNK_BYTES + (1 << 20));
  const bigger = Buffer.allocUnsafe(Math.max(size, used + need));
  buf.copy(bigger, 0, 0, used);
  return bigger;
}
