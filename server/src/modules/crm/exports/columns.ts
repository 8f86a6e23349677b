// The columns of a customer export: the header row and stage labels in the exporter's language, and
// one customer row as cell values. Text cells are neutralised (formula injection); numbers stay numbers.
import { CUSTOMER_TEXT_FIELDS, Stage } from '../../../../../domain/crm';
import { formatDateTime } from '../../../../../domain/format';
import type { Lang } from '../../../../../domain/messages';
import { neutralise } from '../../../../../domain/spreadsheet';
import type { Cell } from '../../../files/writers';
import type { CustomerRow } from '../customers/presenters';

const KEYS = [...CUSTOMER_TEXT_FIELDS, 'stage', 'focus', 'score', 'tags', 'importedAt', 'createdAt'] as const;
type Key = (typeof KEYS)[number];

const HEADERS: Record<Lang, Record<Key, string>> = {
  'zh-CN': {
    name: '姓名',
    phone: '电话',
    contact: '联系人',
    sex: '性别',
    company: '公司',
    address: '地址',
    remark1: '备注1',
    remark2: '备注2',
    remark3: '备注3',
    remark4: '备注4',
    remark5: '备注5',
    source: '来源',
    stage: '阶段',
    focus: '重点关注',
    score: '评分',
    tags: '标签',
    importedAt: '导入时间',
    createdAt: '创建时间',
  },
  en: {
    name: 'Name',
    phone: 'Phone',
    contact: 'Contact',
    sex: 'Sex',
    company: 'Company',
    address: 'Address',
    remark1: 'Remark 1',
    remark2: 'Remark 2',
    remark3: 'Remark 3',
    remark4: 'Remark 4',
    remark5: 'Remark 5',
    source: 'Source',
    stage: 'Stage',
    focus: 'Focus',
    score: 'Score',
    tags: 'Tags',
    importedAt: 'Imported at',
    createdAt: 'Created at',
  },
};

/** SPEC §4 customer stages. */
const STAGE_LABELS: Record<Lang, Record<number, string>> = {
  'zh-CN': {
    [Stage.New]: '新增',
    [Stage.AiFirstVisit]: 'AI首访',
    [Stage.FollowingUp]: '跟进中',
    [Stage.Interested]: '有意向',
    [Stage.Negotiating]: '待洽谈',
    [Stage.Closed]: '已成交',
  },
  en: {
    [Stage.New]: 'Newly added',
    [Stage.AiFirstVisit]: 'AI first visit',
    [Stage.FollowingUp]: 'Following up',
    [Stage.Interested]: 'Interested',
    [Stage.Negotiating]: 'Awaiting negotiation',
    [Stage.Closed]: 'Closed',
  },
};

const WORDS: Record<Lang, { male: string; female: string; yes: string; no: string; tagSep: string }> = {
  'zh-CN': { male: '男', female: '女', yes: '是', no: '否', tagSep: '，' },
  en: { male: 'Male', female: 'Female', yes: 'Yes', no: 'No', tagSep: ', ' },
};

export const headerRow = (lang: Lang): string[] => KEYS.map((k) => HEADERS[lang][k]);

/** What the exporter reads of a customer (the phone column holds the masked form of a hidden number). */
export type ExportCustomer = Pick<
  CustomerRow,
  | 'name'
  | 'phone'
  | 'contact'
  | 'sex'
  | 'company'
  | 'address'
  | 'remark1'
  | 'remark2'
  | 'remark3'
  | 'remark4'
  | 'remark5'
  | 'source'
  | 'stage'
  | 'focus'
  | 'score'
  | 'imported_at'
  | 'created_at'
>;

/** One customer as cells in header order. Times as 'yyyy-MM-dd HH:mm:ss' (SPEC §9, Asia/Shanghai). */
export function customerCells(c: ExportCustomer, tags: string[], lang: Lang): Cell[] {
  const w = WORDS[lang];
  const text = [
    c.name,
    c.phone,
    c.contact,
    c.sex === 0 ? w.male : c.sex === 1 ? w.female : '',
    c.company,
    c.address,
    c.remark1,
    c.remark2,
    c.remark3,
    c.remark4,
    c.remark5,
    c.source,
    STAGE_LABELS[lang][c.stage] ?? String(c.stage),
    c.focus ? w.yes : w.no,
  ].map(neutralise);
  return [
    ...text,
    c.score,
    neutralise(tags.join(w.tagSep)),
    c.imported_at ? formatDateTime(new Date(c.imported_at)) : '',
    formatDateTime(new Date(c.created_at)),
  ];
}
