// Small form fields of the bot pages: comma lists, numbers, selects of SPEC §4 codes.
import { FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INTENTION_LEVELS } from '../../../../../domain/bot/definition';
import { MATCH_COUNT_OPTIONS, matchCountLabel } from '../labels';
import { joinList, splitList } from '../model/validate';

interface FieldBase {
  id: string;
  label: string;
  error?: string | null;
  helper?: string;
}

const intentOf = (p: FieldBase) => (p.error ? Intent.DANGER : Intent.NONE);

/** The label, the translated error (or the helper) and the danger intent around one input. */
function Field(p: FieldBase & { children: ReactNode }) {
  const { t } = useTranslation('bots');
  return (
    <FormGroup
      label={p.label}
      labelFor={p.id}
      helperText={p.error ? <span data-testid={`error-${p.id}`}>{t(p.error)}</span> : p.helper}
      intent={intentOf(p)}
    >
      {p.children}
    </FormGroup>
  );
}

/** Comma separated words; keeps the typed text (trailing commas) while the list is the value. */
export function ListField(p: FieldBase & { value: readonly string[]; onChange(words: string[]): void }) {
  const [text, setText] = useState(joinList(p.value));
  useEffect(() => {
    if (joinList(splitList(text)) !== joinList(p.value)) setText(joinList(p.value));
    // Only an outside change of the value resets the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [joinList(p.value)]);
  return (
    <Field id={p.id} label={p.label} error={p.error} helper={p.helper}>
      <InputGroup
        id={p.id}
        data-testid={p.id}
        value={text}
        intent={intentOf(p)}
        onValueChange={(v) => {
          setText(v);
          p.onChange(splitList(v));
        }}
      />
    </Field>
  );
}

export function TextInput(
  p: FieldBase & { value: string; onChange(v: string): void; type?: string; placeholder?: string },
) {
  return (
    <Field id={p.id} label={p.label} error={p.error} helper={p.helper}>
      <InputGroup
        id={p.id}
        data-testid={p.id}
        type={p.type ?? 'text'}
        value={p.value}
        placeholder={p.placeholder}
        intent={intentOf(p)}
        onValueChange={p.onChange}
      />
    </Field>
  );
}

/** A number input; empty gives null when `nullable`, else 0. */
export function NumberInput(
  p: FieldBase & { value: number | null | undefined; onChange(v: number | null): void; nullable?: boolean },
) {
  const [text, setText] = useState(p.value === null || p.value === undefined ? '' : String(p.value));
  useEffect(() => {
    const shown = text.trim() === '' ? null : Number(text);
    if (shown !== (p.value ?? null))
      setText(p.value === null || p.value === undefined ? '' : String(p.value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.value]);
  return (
    <Field id={p.id} label={p.label} error={p.error} helper={p.helper}>
      <InputGroup
        id={p.id}
        data-testid={p.id}
        inputMode="numeric"
        value={text}
        intent={intentOf(p)}
        onValueChange={(v) => {
          setText(v);
          if (v.trim() === '') p.onChange(p.nullable ? null : 0);
          else p.onChange(Number(v));
        }}
      />
    </Field>
  );
}

export function SelectField<T extends string | number>(
  p: FieldBase & { value: T; options: readonly { value: T; label: string }[]; onChange(v: T): void },
) {
  const numeric = typeof p.value === 'number';
  return (
    <Field id={p.id} label={p.label} error={p.error} helper={p.helper}>
      <HTMLSelect
        id={p.id}
        data-testid={p.id}
        value={String(p.value)}
        onChange={(e) => p.onChange((numeric ? Number(e.currentTarget.value) : e.currentTarget.value) as T)}
      >
        {p.options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </HTMLSelect>
    </Field>
  );
}

export function MatchCountSelect(p: { id: string; label: string; value: number; onChange(v: number): void }) {
  const { t } = useTranslation('bots');
  return (
    <SelectField
      id={p.id}
      label={p.label}
      value={p.value}
      options={MATCH_COUNT_OPTIONS.map((c) => ({ value: c, label: matchCountLabel(c, t) }))}
      onChange={p.onChange}
    />
  );
}

/** Intention level A–F, or none (0) when `optional`. */
export function LevelSelect(p: {
  id: string;
  label: string;
  value: number | null | undefined;
  optional?: boolean;
  onChange(v: number | null): void;
}) {
  const { t } = useTranslation('bots');
  const options = [
    ...(p.optional ? [{ value: 0, label: t('question.none') }] : []),
    ...INTENTION_LEVELS.map((l) => ({ value: l as number, label: t(`level.${l}`) })),
  ];
  return (
    <SelectField
      id={p.id}
      label={p.label}
      value={p.value ?? 0}
      options={options}
      onChange={(v) => p.onChange(v === 0 ? null : v)}
    />
  );
}
