// Add or edit a seat (SPEC §3 Seat; §5: an extension seat needs an auth name and password of at least
// 6 characters). The password and the mobile are never shown: empty on edit keeps the stored ones.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEAT_TYPES, validateSeat, type SeatInput, type SeatType } from '../../../../../domain/seats';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { TextField } from '../../../ui/TextField';
import { selectMe } from '../../auth/slice';
import { hasProblems, idOf, problemKeys } from '../form';
import { seatsActions as A, selectSeats } from '../slice';
import { SelectField, ToggleField } from '../../../ui/fields';
import { FormDialog } from '../../../ui/FormDialog';

interface Form {
  name: string;
  type: SeatType;
  groupId: string;
  userId: string;
  extension: string;
  authName: string;
  authPassword: string;
  mobile: string;
  enabled: boolean;
  autoAnswer: boolean;
}

const blank: Form = {
  name: '',
  type: 'extension',
  groupId: '',
  userId: '',
  extension: '',
  authName: '',
  authPassword: '',
  mobile: '',
  enabled: true,
  autoAnswer: false,
};

export function SeatDialog() {
  const { t } = useTranslation('seats');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectSeats);
  const me = useAppSelector(selectMe);
  const open = s.editor.kind === 'seat';
  const item = s.seats.items.find((x) => x.id === s.editor.id);
  const [f, setF] = useState<Form>(blank);
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (!open) return;
    setF(
      item
        ? {
            ...blank,
            name: item.name,
            type: item.type,
            groupId: String(item.groupId),
            userId: String(item.userId),
            extension: item.extension ?? '',
            authName: item.authName ?? '',
            enabled: item.enabled,
            autoAnswer: item.autoAnswer,
          }
        : blank,
    );
    setSubmitted(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, s.editor.id]);

  const input: SeatInput = {
    ...f,
    name: f.name.trim(),
    groupId: idOf(f.groupId),
    userId: idOf(f.userId),
    extension: f.extension.trim(),
    authName: f.authName.trim(),
    mobile: f.mobile.trim(),
  };
  const stored = {
    authPassword: Boolean(item?.authPasswordSet && item.type === 'extension'),
    mobile: Boolean(item?.mobileMasked && item.type === 'mobile'),
  };
  const problems = validateSeat(input, stored);
  const keys = submitted ? problemKeys(problems) : {};
  const err = (k: keyof Form) => (keys[k] ? t(keys[k]) : s.editor.serverErrors[k]);
  const set = (k: keyof Form) => (v: string) => setF((x) => ({ ...x, [k]: v }));
  // A seat's group is its owner's: new seats are the caller's own.
  const ownerId = item?.accountId ?? me?.id;
  const groups = s.groups.items.filter((g) => g.accountId === ownerId);
  const choose = { value: '', label: t('fields.choose') };

  return (
    <FormDialog
      isOpen={open}
      title={item ? t('seats.edit') : t('seats.add')}
      icon="headset"
      testId="seat-dialog"
      saving={s.editor.saving}
      formError={s.editor.formError}
      onClose={() => dispatch(A.editorClosed())}
      onSubmit={() => {
        setSubmitted(true);
        if (!hasProblems(problems)) dispatch(A.saveRequested({ kind: 'seat', id: s.editor.id, input }));
      }}
    >
      <TextField
        id="seat-name"
        label={t('fields.name')}
        value={f.name}
        error={err('name')}
        autoFocus
        onChange={set('name')}
      />
      <SelectField
        id="seat-type"
        label={t('fields.type')}
        value={f.type}
        options={SEAT_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
        error={err('type')}
        onChange={set('type')}
      />
      <SelectField
        id="seat-groupId"
        label={t('fields.groupId')}
        value={f.groupId}
        options={[choose, ...groups.map((g) => ({ value: String(g.id), label: g.name }))]}
        error={err('groupId')}
        onChange={set('groupId')}
      />
      <SelectField
        id="seat-userId"
        label={t('fields.userId')}
        value={f.userId}
        options={[
          choose,
          ...s.users.map((u) => ({
            value: String(u.id),
            label:
              u.seatId && u.seatId !== item?.id
                ? t('seats.takenBy', { account: u.account, seat: u.seatId })
                : u.realName
                  ? `${u.account} (${u.realName})`
                  : u.account,
          })),
        ]}
        error={err('userId')}
        onChange={set('userId')}
      />
      {f.type === 'extension' ? (
        <>
          <TextField
            id="seat-extension"
            label={t('fields.extension')}
            value={f.extension}
            error={err('extension')}
            onChange={set('extension')}
          />
          <TextField
            id="seat-authName"
            label={t('fields.authName')}
            value={f.authName}
            error={err('authName')}
            autoComplete="off"
            onChange={set('authName')}
          />
          <TextField
            id="seat-authPassword"
            label={t('fields.authPassword')}
            type="password"
            autoComplete="new-password"
            value={f.authPassword}
            error={err('authPassword')}
            helper={stored.authPassword ? t('seats.passwordKeep') : undefined}
            onChange={set('authPassword')}
          />
        </>
      ) : (
        <TextField
          id="seat-mobile"
          label={t('fields.mobile')}
          type="tel"
          value={f.mobile}
          error={err('mobile')}
          helper={stored.mobile ? t('seats.mobileKeep', { masked: item?.mobileMasked }) : undefined}
          onChange={set('mobile')}
        />
      )}
      <div>
        <ToggleField
          id="seat-enabled"
          label={t('fields.enabled')}
          checked={f.enabled}
          onChange={(enabled) => setF({ ...f, enabled })}
        />
        <ToggleField
          id="seat-autoAnswer"
          label={t('fields.autoAnswer')}
          checked={f.autoAnswer}
          onChange={(autoAnswer) => setF({ ...f, autoAnswer })}
        />
      </div>
    </FormDialog>
  );
}
