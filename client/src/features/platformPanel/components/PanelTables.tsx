// The panel's lists: FreeSWITCH nodes, media workers, queues, lines down, low balances and expiring
// accounts, each in the shared table with its own empty state.
import { Card, H5, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fenToYuan, formatDateTime } from '../../../../../domain/format';
import type { PanelExpiring, PanelLive, PanelLowBalance } from '../../../../../domain/platformPanel';
import { DataTable } from '../../../ui/DataTable';

function TableCard(p: {
  testId: string;
  title: string;
  columns: string[];
  empty: string;
  children: ReactNode[];
}) {
  return (
    <Card data-testid={`${p.testId}-card`}>
      <H5>{p.title}</H5>
      {p.children.length === 0 ? (
        <div data-testid={`${p.testId}-empty`}>
          <NonIdealState icon="tick-circle" title={p.empty} />
        </div>
      ) : (
        <DataTable className="cp-panel-table" testId={p.testId} columns={p.columns}>
          {p.children}
        </DataTable>
      )}
    </Card>
  );
}

const stateTag = (connected: boolean | null, t: (k: string) => string) => (
  <Tag
    minimal
    intent={connected === null ? Intent.NONE : connected ? Intent.SUCCESS : Intent.DANGER}
    data-state={connected === null ? 'unknown' : connected ? 'up' : 'down'}
  >
    {t(connected === null ? 'panel.state.unknown' : connected ? 'panel.state.up' : 'panel.state.down')}
  </Tag>
);

export function NodesTable({ live, timeZone }: { live: PanelLive; timeZone: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <TableCard
      testId="panel-nodes"
      title={t('panel.nodes')}
      empty={t('panel.empty.nodes')}
      columns={[
        t('panel.col.name'),
        t('panel.col.state'),
        t('panel.col.calls'),
        t('panel.col.channels'),
        t('panel.col.sps'),
        t('panel.col.updatedAt'),
        t('panel.col.lastError'),
      ]}
    >
      {live.nodes.map((n) => (
        <tr key={n.id} data-row-key={n.id}>
          <td>{n.name}</td>
          <td>{stateTag(n.connected, t)}</td>
          <td>{n.calls}</td>
          <td>{n.channels}</td>
          <td>{n.sps}</td>
          <td>{n.updatedAt ? formatDateTime(n.updatedAt, timeZone) : t('fig.none')}</td>
          <td>{n.lastError ?? t('fig.none')}</td>
        </tr>
      ))}
    </TableCard>
  );
}

export function WorkersTable({ live, timeZone }: { live: PanelLive; timeZone: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <TableCard
      testId="panel-workers"
      title={t('panel.workers')}
      empty={t('panel.empty.workers')}
      columns={[
        t('panel.col.worker'),
        t('panel.col.host'),
        t('panel.col.state'),
        t('panel.col.lastSeen'),
        t('panel.col.switches'),
      ]}
    >
      {live.workers.map((w) => (
        <tr key={w.id} data-row-key={w.id}>
          <td>{w.id}</td>
          <td>
            {w.host} ({w.pid})
          </td>
          <td>{stateTag(w.ok, t)}</td>
          <td>{formatDateTime(w.lastSeenAt, timeZone)}</td>
          <td>
            {w.freeswitch.length
              ? w.freeswitch
                  .map((f) => `${f.name} ${t(f.connected ? 'panel.state.up' : 'panel.state.down')}`)
                  .join(', ')
              : t('fig.none')}
          </td>
        </tr>
      ))}
    </TableCard>
  );
}

export function QueuesTable({ live }: { live: PanelLive }) {
  const { t } = useTranslation('dashboard');
  return (
    <TableCard
      testId="panel-queues"
      title={t('panel.queues')}
      empty={t('panel.empty.queues')}
      columns={[
        t('panel.col.queue'),
        t('panel.col.waiting'),
        t('panel.col.active'),
        t('panel.col.delayed'),
        t('panel.col.failed'),
      ]}
    >
      {live.queues.map((q) => (
        <tr key={q.name} data-row-key={q.name}>
          <td>
            {q.name}{' '}
            {!q.ok && (
              <Tag minimal intent={Intent.DANGER}>
                {t('panel.state.unreachable')}
              </Tag>
            )}
          </td>
          <td>{q.waiting}</td>
          <td>{q.active}</td>
          <td>{q.delayed}</td>
          <td>{q.failed}</td>
        </tr>
      ))}
    </TableCard>
  );
}

export function LinesDownTable({ live }: { live: PanelLive }) {
  const { t } = useTranslation('dashboard');
  return (
    <TableCard
      testId="panel-lines-down"
      title={t('panel.linesDown')}
      empty={t('panel.empty.linesDown')}
      columns={[t('panel.col.lineId'), t('panel.col.name')]}
    >
      {live.lines.downList.map((l) => (
        <tr key={l.id} data-row-key={l.id}>
          <td>{l.id}</td>
          <td>{l.name}</td>
        </tr>
      ))}
    </TableCard>
  );
}

export function LowBalancesTable({ rows }: { rows: PanelLowBalance[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <TableCard
      testId="panel-low-balances"
      title={t('panel.lowBalances')}
      empty={t('panel.empty.lowBalances')}
      columns={[
        t('panel.col.account'),
        t('panel.col.level'),
        t('panel.col.balance'),
        t('panel.col.threshold'),
      ]}
    >
      {rows.map((a) => (
        <tr key={a.accountId} data-row-key={a.accountId}>
          <td>{a.account}</td>
          <td>{t(`panel.level.${a.level}`)}</td>
          <td>{fenToYuan(a.balanceFen)}</td>
          <td>{fenToYuan(a.thresholdFen)}</td>
        </tr>
      ))}
    </TableCard>
  );
}

export function ExpiringTable({
  rows,
  asOf,
  timeZone,
}: {
  rows: PanelExpiring[];
  asOf: string;
  timeZone: string;
}) {
  const { t } = useTranslation('dashboard');
  const now = Date.parse(asOf);
  return (
    <TableCard
      testId="panel-expiring"
      title={t('panel.expiring')}
      empty={t('panel.empty.expiring')}
      columns={[t('panel.col.account'), t('panel.col.level'), t('panel.col.expiresAt')]}
    >
      {rows.map((a) => (
        <tr key={a.accountId} data-row-key={a.accountId}>
          <td>{a.account}</td>
          <td>{t(`panel.level.${a.level}`)}</td>
          <td>
            {formatDateTime(a.expiresAt, timeZone)}{' '}
            {Date.parse(a.expiresAt) <= now && (
              <Tag minimal intent={Intent.DANGER}>
                {t('panel.expired')}
              </Tag>
            )}
          </td>
        </tr>
      ))}
    </TableCard>
  );
}
