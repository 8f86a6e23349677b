// Today's shielded numbers (masked) with the result that shielded them, a manual add and lifting one.
import { Button, Classes, FormGroup, H5, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../domain/format';
import { normalizeMobile } from '../../../../../domain/shields';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DataTable } from '../../../ui/DataTable';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { ListView } from '../../../ui/ListView';
import { RowAction } from '../../../ui/RowAction';
import { TypeToConfirmDialog } from '../../../ui/TypeToConfirmDialog';
import { selectShields, shieldsActions as A } from '../slice';
import { AddResult } from './AddResult';

export function ShieldList() {
  const { t } = useTranslation(['shields', 'tasks']);
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectShields);
  const l = s.shields;
  const [phone, setPhone] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    dispatch(A.listRequested({ list: 'shields', phone: '' }));
  }, [dispatch]);
  const valid = normalizeMobile(phone) !== null;
  const add = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!valid) return;
    dispatch(A.shieldAddRequested({ phone: phone.trim() }));
    setPhone('');
    setTouched(false);
  };
  const error = touched && !valid ? t('ui.mobileInvalid') : undefined;
  return (
    <section className="cp-shd-section" data-testid="shield-list">
      <H5>{t('day.today', { day: l.day ?? '…' })}</H5>
      <form className="cp-shd-bar" onSubmit={add} noValidate>
        <FormGroup
          inline
          label={t('day.add')}
          labelFor="shield-add-phone"
          helperText={error ? <span data-testid="error-shield-add-phone">{error}</span> : t('day.addHelp')}
          intent={error ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="shield-add-phone"
            data-testid="input-shield-add-phone"
            value={phone}
            maxLength={20}
            intent={error ? Intent.DANGER : Intent.NONE}
            onValueChange={(v) => {
              setPhone(v);
              setTouched(false);
            }}
          />
        </FormGroup>
        <Button
          type="submit"
          icon="add"
          loading={s.shieldAdd.pending}
          text={t('day.add')}
          data-testid="shield-add"
        />
      </form>
      <AddResult result={s.shieldAdd.result} testId="shield-add-result" />
      <ErrorCallout error={s.shieldAdd.error} testId="shield-add-error" />
      <ListView
        waiting={l.loading && !l.loaded}
        empty={l.items.length === 0}
        emptyIcon="shield"
        emptyText={t('day.empty')}
        emptyTestId="shield-empty"
        more={{
          next: l.nextBefore !== null,
          text: t('blacklist.more'),
          loading: l.loading,
          onMore: () => dispatch(A.listRequested({ list: 'shields', more: true })),
        }}
      >
        <DataTable
          className="cp-shd-table"
          testId="shield-table"
          columns={[
            t('day.phone'),
            t('day.result'),
            t('day.call'),
            t('day.createdBy'),
            t('day.createdAt'),
            t('day.actions'),
          ]}
        >
          {l.items.map((x) => (
            <tr key={x.id} data-testid={`shield-row-${x.phone}`}>
              <td>{x.phone}</td>
              <td>
                {x.resultLevel === null
                  ? t('day.manual')
                  : `${x.resultLevel} ${t(`results:level.${x.resultLevel}`, { defaultValue: '' })}`}
              </td>
              <td className={Classes.MONOSPACE_TEXT}>{x.callUuid ?? '—'}</td>
              <td>{x.createdBy ?? t('day.system')}</td>
              <td className={Classes.TEXT_MUTED}>{formatDateTime(x.createdAt)}</td>
              <td>
                <RowAction
                  icon="unlock"
                  text={t('day.remove')}
                  testId={`shield-remove-${x.phone}`}
                  onClick={() => dispatch(A.removeOpened({ key: 'shieldRemove', ids: [x.id] }))}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListView>
      <TypeToConfirmDialog
        isOpen={s.shieldRemove.ids.length > 0}
        testId="shield-remove-confirm"
        title={t('day.removeTitle')}
        body={t('day.removeBody')}
        prompt={t('ui.prompt')}
        confirmText={t('day.remove')}
        cancelText={t('ui.cancel')}
        pending={s.shieldRemove.pending}
        error={s.shieldRemove.error}
        onConfirm={() => dispatch(A.removeRequested('shieldRemove'))}
        onClose={() => dispatch(A.removeClosed('shieldRemove'))}
      />
    </section>
  );
}
