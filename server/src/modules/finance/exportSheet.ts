// The ledger as spreadsheet rows (POST /finance/ledger/export): the header in the exporter's language
// and one row per ledger entry, as the page shows it. Money is yuan with 2 decimals, exactly as the
// ledger holds it (fenToYuan); account names and descriptions come from users and are neutralised
// against formula injection.
import type { LedgerEntryDto } from '../../../../domain/finance';
import { fenToYuan, formatDateTime } from '../../../../domain/format';
import type { Lang } from '../../../../domain/messages';
import { neutralise } from '../../../../domain/spreadsheet';
import type { Cell } from '../../files/writers';

const zh = (l: Lang) => l === 'zh-CN';

const KIND_LABEL: Record<LedgerEntryDto['kind'], [string, string]> = {
  recharge: ['充值', 'Recharge'],
  call: ['通话扣费', 'Call charge'],
  refund: ['退款', 'Refund'],
  adjust: ['调整', 'Adjustment'],
};

export function ledgerHeader(l: Lang): string[] {
  return zh(l)
    ? ['时间', '账号', '类型', '金额(元)', '变动前余额(元)', '变动后余额(元)', '说明', '操作人']
    : [
        'Time',
        'Account',
        'Kind',
        'Amount (yuan)',
        'Balance before (yuan)',
        'Balance after (yuan)',
        'Description',
        'By',
      ];
}

export function ledgerCells(e: LedgerEntryDto, l: Lang): Cell[] {
  return [
    formatDateTime(e.createdAt),
    neutralise(e.account),
    KIND_LABEL[e.kind][zh(l) ? 0 : 1],
    fenToYuan(e.deltaFen),
    fenToYuan(e.balanceBeforeFen),
    fenToYuan(e.balanceAfterFen),
    neutralise(e.description),
    neutralise(e.createdByAccount ?? ''),
  ];
}
