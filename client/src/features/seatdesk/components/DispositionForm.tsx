// The call's disposition (interested, call back, not interested, wrong number) with a note; saving it
// ends the seat's wrap-up. Once set it is shown, not edited: a call is disposed once.
import { Button, Callout, FormGroup, Intent, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DISPOSITIONS,
  DISPOSITION_NOTE_MAX,
  validateDisposition,
  type Disposition,
  type DispositionDto,
} from '../../../../../domain/seatDesk';
import { formatDateTime } from '../../../../../domain/format';
import type { FormState } from '../slice';

export function DispositionForm(p: {
  stored: DispositionDto | null;
  form: FormState;
  onSubmit(input: { disposition: Disposition; note: string }): void;
}) {
  const { t } = useTranslation('seatdesk');
  const [disposition, setDisposition] = useState<string>('');
  const [note, setNote] = useState('');
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => setSubmitted(false), [p.form.saved]);

  if (p.stored)
    return (
      <Callout
        intent={Intent.SUCCESS}
        data-testid="desk-disposition-stored"
        data-value={p.stored.disposition}
      >
        {t('disposition.stored', {
          value: t(`disposition.kinds.${p.stored.disposition}`),
          by: p.stored.byAccount,
          at: formatDateTime(p.stored.createdAt),
        })}
        {p.stored.note && <p data-testid="desk-disposition-note">{p.stored.note}</p>}
      </Callout>
    );

  const problems = submitted ? validateDisposition({ disposition, note }) : {};
  const errorOf = (k: 'disposition' | 'note') =>
    problems[k] ? t(`validation.${problems[k]}`) : p.form.fieldErrors[k];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validateDisposition({ disposition, note });
    if (!Object.keys(found).length)
      p.onSubmit({ disposition: disposition as Disposition, note: note.trim() });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="desk-disposition-form">
      <FormGroup
        label={t('disposition.label')}
        intent={errorOf('disposition') ? Intent.DANGER : Intent.NONE}
        helperText={
          errorOf('disposition') && <span data-testid="error-disposition">{errorOf('disposition')}</span>
        }
      >
        <RadioGroup
          inline
          selectedValue={disposition}
          onChange={(e) => setDisposition(e.currentTarget.value)}
        >
          {DISPOSITIONS.map((d) => (
            <Radio key={d} value={d} label={t(`disposition.kinds.${d}`)} data-testid={`disposition-${d}`} />
          ))}
        </RadioGroup>
      </FormGroup>
      <FormGroup
        label={t('disposition.note')}
        labelFor="desk-disposition-note"
        intent={errorOf('note') ? Intent.DANGER : Intent.NONE}
        helperText={errorOf('note') && <span data-testid="error-note">{errorOf('note')}</span>}
      >
        <TextArea
          id="desk-disposition-note"
          data-testid="desk-disposition-note-input"
          fill
          maxLength={DISPOSITION_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
      </FormGroup>
      {p.form.error && (
        <Callout intent={Intent.DANGER} data-testid="desk-disposition-error">
          {p.form.error}
        </Callout>
      )}
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        loading={p.form.saving}
        text={t('disposition.submit')}
        data-testid="desk-disposition-submit"
      />
    </form>
  );
}
