// The state every telephony editor dialog keeps: the form (reset whenever the editor opens), the
// domain problems shown once submitted (else the server's field errors) and the FormDialog props.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Problems } from '../../../../../domain/telephony-config';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { hasProblems, problemKeys } from '../form';
import { selectTelephony, telephonyActions as T, type EditorKind } from '../slice';
import { TextField } from '../../../ui/TextField';

type TextExtra = { type?: 'password'; helper?: string; autoFocus?: boolean };

export function useEditorForm<D, F extends object, I>(o: {
  kind: EditorKind;
  /** The row being edited; undefined for a new one. */
  item: D | undefined;
  formOf(item: D | undefined): F;
  inputOf(f: F): I;
  validate(input: NoInfer<I>, isNew: boolean): Problems;
  save(input: NoInfer<I>, id: number | null): void;
}) {
  const { t } = useTranslation('telephony');
  const dispatch = useAppDispatch();
  const editor = useAppSelector(selectTelephony).editor;
  const open = editor.kind === o.kind;
  const isNew = editor.id === null;
  const [f, setF] = useState<F>(o.formOf(o.item));
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (!open) return;
    setF(o.formOf(o.item));
    setSubmitted(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, editor.id]);

  const input = o.inputOf(f);
  const problems = o.validate(input, isNew);
  const keys = submitted ? problemKeys(problems) : {};
  const err = (k: keyof F & string) => (keys[k] ? t(keys[k]) : editor.serverErrors[k]);
  const set =
    <K extends keyof F>(k: K) =>
    (v: F[K]) =>
      setF((x) => ({ ...x, [k]: v }));
  /** A text field of the form, id `<kind>-<field>`, labelled `fields.<field>`. */
  const text = (k: keyof F & string, extra: TextExtra = {}) => {
    const label: string = `fields.${k}`;
    return (
      <TextField
        id={`${o.kind}-${k}`}
        label={t(label)}
        value={f[k] as string}
        error={err(k)}
        onChange={set(k) as (v: string) => void}
        autoComplete={extra.type === 'password' ? 'new-password' : 'off'}
        {...extra}
      />
    );
  };
  const dialog = {
    isOpen: open,
    saving: editor.saving,
    formError: editor.formError,
    onClose: () => dispatch(T.editorClosed()),
    onSubmit: () => {
      setSubmitted(true);
      if (!hasProblems(problems)) o.save(input, editor.id);
    },
  };
  return { f, isNew, err, set, text, dialog };
}
