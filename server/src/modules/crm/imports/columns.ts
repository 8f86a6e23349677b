// Column mapping from a header row: Chinese or English names to customer fields.
import { CUSTOMER_TEXT_FIELDS } from '../../../../../domain/crm';
import { stripControls } from '../../../../../domain/spreadsheet';

export const FIELDS = CUSTOMER_TEXT_FIELDS;
export type Field = (typeof FIELDS)[number];
export type RowFields = Partial<Record<Field, string>>;

const aliases: Record<Field, string[]> = {
  name: ['姓名', '名字', '客户姓名', '客户名称', 'name'],
  phone: [
    '联系电话',
    '联系方式',
    '手机号码',
    '手机号',
    '手机',
    '电话',
    '客户电话',
    '电话号码',
    '号码',
    '客户手机',
    '移动电话',
    'phone',
    'mobile',
    'tel',
    'telephone',
    'phonenumber',
    'mobilephone',
  ],
  contact: ['联系人', 'contact'],
  sex: ['性别', 'sex', 'gender'],
  company: ['公司', '公司名称', 'company'],
  address: ['地址', 'address'],
  remark1: ['备注', '备注1', 'remark', 'remark1'],
  remark2: ['备注2', 'remark2'],
  remark3: ['备注3', 'remark3'],
  remark4: ['备注4', 'remark4'],
  remark5: ['备注5', 'remark5'],
  source: ['来源', 'source'],
};
const lookup = new Map<string, Field>(
  FIELDS.flatMap((f) => aliases[f].map((a) => [a, f] as [string, Field])),
);
/**
 * A header as compared: full-width forms folded (ＰＨＯＮＥ, 手机：), trimmed, case, separators and control
 * characters ignored.
 */
const norm = (h: string) =>
  stripControls(h)
    .normalize('NFKC')
    .replace(/[\s_\-:*]/g, '')
    .toLowerCase();

/**
 * The header of each column in a downloadable template (template.ts), per language. Each one is one of
 * the aliases above (a unit test maps a template's header row back through mapHeader), so a template
 * filled in and uploaded as is always maps every column.
 */
export const TEMPLATE_HEADERS: Readonly<Record<'zh-CN' | 'en', Readonly<Record<Field, string>>>> = {
  'zh-CN': {
    name: '姓名',
    phone: '手机号码',
    contact: '联系人',
    sex: '性别',
    company: '公司名称',
    address: '地址',
    remark1: '备注1',
    remark2: '备注2',
    remark3: '备注3',
    remark4: '备注4',
    remark5: '备注5',
    source: '来源',
  },
  en: Object.fromEntries(FIELDS.map((f) => [f, f])) as Record<Field, string>,
};

/** The phone column's accepted names, for the error of a file without one. */
export const PHONE_HEADERS: readonly string[] = aliases.phone;

/** Column index → field; the first column wins when two map to the same field. */
export function mapHeader(cells: string[]): Map<number, Field> {
  const out = new Map<number, Field>();
  const seen = new Set<Field>();
  cells.forEach((c, i) => {
    const f = lookup.get(norm(c));
    if (f && !seen.has(f)) {
      seen.add(f);
      out.set(i, f);
    }
  });
  return out;
}

export const hasPhone = (m: Map<number, Field>): boolean => [...m.values()].includes('phone');

/**
 * The row's mapped cells, trimmed. Control characters (NUL…) are dropped from every field but the
 * phone: a name with a stray NUL is still the name, a number with one is reported (rows.ts).
 */
export function pick(cells: string[], m: Map<number, Field>): RowFields {
  const r: RowFields = {};
  for (const [i, f] of m) {
    const cell = cells[i] ?? '';
    r[f] = (f === 'phone' ? cell : stripControls(cell)).trim();
  }
  return r;
}

/** 男/male/m/0 → 0, 女/female/f/1 → 1 (SPEC §4 gender), anything else null. */
export function parseSex(s: string | undefined): 0 | 1 | null {
  if (!s) return null;
  const v = s.trim().toLowerCase();
  if (['男', 'male', 'm', '0'].includes(v)) return 0;
  if (['女', 'female', 'f', '1'].includes(v)) return 1;
  return null;
}
