// The bot rows with their actions (what each account may do with them).
import { Button, ButtonGroup, Classes, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { BotRow } from '../../../../../domain/bot/api';
import { formatDateTime } from '../../../../../domain/format';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { navigate } from '../../../app/navigation';
import { DataTable } from '../../../ui/DataTable';
import { selectMe } from '../../auth/slice';
import { editorPath } from '../sagas/list';
import { listActions as L } from '../slice/list';
import { StatusTag } from './StatusTag';

export function BotTable({ items }: { items: BotRow[] }) {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMe);
  const isSuper = me?.level === 0;
  const isMerchant = me?.level === 2;
  return (
    <DataTable
      className="cp-bots-table"
      testId="bot-table"
      pinFirst
      pinLast
      onRowClick={(id) => navigate(editorPath(Number(id)))}
      columns={[
        t('list.name'),
        t('list.id'),
        `${t('list.industry')} / ${t('list.subtype')}`,
        t('list.description'),
        t('list.status'),
        t('list.enabled'),
        t('list.updatedAt'),
        t('list.actions'),
      ]}
    >
      {items.map((b) => {
        const mine = b.accountId === me?.id;
        return (
          <tr key={b.id} tabIndex={0} data-testid={`bot-row-${b.id}`} data-name={b.name} data-row-key={b.id}>
            <td>
              <a
                href={editorPath(b.id)}
                data-testid={`bot-open-${b.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(editorPath(b.id));
                }}
              >
                {b.name}
              </a>
              {!mine && b.ownerAccount && (
                <span className={Classes.TEXT_MUTED} data-testid={`bot-owner-${b.id}`}>
                  {' '}
                  {t('list.ownedBy', { account: b.ownerAccount })}
                </span>
              )}
            </td>
            <td>{b.id}</td>
            <td>
              {b.industry}
              {b.industrySubtype ? ` / ${b.industrySubtype}` : ''}
            </td>
            <td className="cp-bots-desc">{b.description}</td>
            <td>
              <StatusTag bot={b} />
            </td>
            <td>
              <Switch
                checked={b.enabled}
                aria-label={t('list.enabled')}
                data-testid={`bot-enabled-${b.id}`}
                onChange={(e) => dispatch(L.enableRequested({ id: b.id, enabled: e.currentTarget.checked }))}
              />
            </td>
            <td className={Classes.TEXT_MUTED}>{formatDateTime(b.updatedAt)}</td>
            <td>
              <ButtonGroup variant="minimal">
                <Button
                  size="small"
                  text={t('actions.meta')}
                  onClick={() => dispatch(L.dialogOpened({ kind: 'edit', bot: b }))}
                />
                <Button
                  size="small"
                  text={t('actions.copy')}
                  data-testid={`bot-copy-${b.id}`}
                  onClick={() => dispatch(L.dialogOpened({ kind: 'copy', bot: b }))}
                />
                {(b.status === 'draft' || b.status === 'rejected') && (
                  <Button
                    size="small"
                    text={t('actions.submit')}
                    data-testid={`bot-submit-${b.id}`}
                    onClick={() => dispatch(L.submitRequested(b.id))}
                  />
                )}
                {isSuper && b.status === 'review' && (
                  <Button
                    size="small"
                    text={t('actions.review')}
                    data-testid={`bot-review-${b.id}`}
                    onClick={() => dispatch(L.dialogOpened({ kind: 'review', bot: b }))}
                  />
                )}
                <Button
                  size="small"
                  text={t('actions.export')}
                  data-testid={`bot-export-${b.id}`}
                  onClick={() => dispatch(L.dialogOpened({ kind: 'export', bot: b }))}
                />
                {isMerchant && mine && (
                  <Button
                    size="small"
                    text={t('actions.distribute')}
                    onClick={() => dispatch(L.dialogOpened({ kind: 'distribute', bot: b }))}
                  />
                )}
                {isSuper && mine && (
                  <Button
                    size="small"
                    text={b.isTemplate ? t('actions.unpublish') : t('actions.publish')}
                    onClick={() => dispatch(L.publishRequested({ id: b.id, published: !b.isTemplate }))}
                  />
                )}
                <Button
                  size="small"
                  intent="danger"
                  text={t('actions.delete')}
                  data-testid={`bot-delete-${b.id}`}
                  onClick={() => dispatch(L.dialogOpened({ kind: 'delete', bot: b }))}
                />
              </ButtonGroup>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
