// The two forms of the tag manager: a group (name) and a tag (name, colour, group). Each creates, or
// edits the item handed in; refusals show under their field.
import { Button, ControlGroup, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagDto, TagGroupDto } from '../../../../../domain/crm';
import type { FieldErrors } from '../types';
import { hasErrors, validateTagForm } from '../validation';

interface FormProps<T> {
  editing: T | null;
  /** Changes after each save: the form empties. */
  savedCount: number;
  saving: boolean;
  serverErrors: FieldErrors;
  onCancel(): void;
}

function Field(p: { id: string; label: string; error?: string; children: React.ReactNode }) {
  const { t } = useTranslation('crm');
  return (
    <FormGroup
      label={p.label}
      labelFor={p.id}
      intent={p.error ? Intent.DANGER : Intent.NONE}
      helperText={p.error && <span data-testid={`error-${p.id}`}>{t(p.error)}</span>}
    >
      {p.children}
    </FormGroup>
  );
}

export function GroupForm(p: FormProps<TagGroupDto> & { onSave(name: string): void }) {
  const { t } = useTranslation(['crm', 'common']);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    setName(p.editing?.name ?? '');
    setErrors({});
  }, [p.editing, p.savedCount]);

  const save = () => {
    const e = validateTagForm({ name });
    setErrors(e);
    if (!hasErrors(e)) p.onSave(name.trim());
  };
  return (
    <Field id="tag-group-name" label={t('tagAdmin.groupName')} error={errors.name ?? p.serverErrors.name}>
      <ControlGroup>
        <InputGroup id="tag-group-name" data-testid="tag-group-name" value={name} onValueChange={setName} />
        <Button
          intent={Intent.PRIMARY}
          loading={p.saving}
          text={p.editing ? t('actions.save') : t('tagAdmin.addGroup')}
          data-testid="tag-group-save"
          onClick={save}
        />
        {p.editing && <Button text={t('common:actions.cancel')} onClick={p.onCancel} />}
      </ControlGroup>
    </Field>
  );
}

export function TagForm(
  p: FormProps<TagDto> & {
    groups: TagGroupDto[];
    onSave(body: { name: string; color: string; groupId: number | null }): void;
  },
) {
  const { t } = useTranslation(['crm', 'common']);
  const [name, setName] = useState('');
  const [color, setColor] = useState('');
  const [groupId, setGroupId] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    setName(p.editing?.name ?? '');
    setColor(p.editing?.color ?? '');
    setGroupId(p.editing?.groupId ?? null);
    setErrors({});
  }, [p.editing, p.savedCount]);

  const save = () => {
    const e = validateTagForm({ name, color });
    setErrors(e);
    if (!hasErrors(e)) p.onSave({ name: name.trim(), color: color.trim(), groupId });
  };
  return (
    <div className="cp-crm-bar" data-testid="tag-form">
      <Field id="tag-name" label={t('tagAdmin.tagName')} error={errors.name ?? p.serverErrors.name}>
        <InputGroup id="tag-name" data-testid="tag-name" value={name} onValueChange={setName} />
      </Field>
      <Field id="tag-color" label={t('tagAdmin.color')} error={errors.color ?? p.serverErrors.color}>
        <InputGroup
          id="tag-color"
          data-testid="tag-color"
          placeholder="#2d72d2"
          value={color}
          onValueChange={setColor}
        />
      </Field>
      <Field id="tag-group" label={t('tagAdmin.group')} error={p.serverErrors.groupId}>
        <HTMLSelect
          id="tag-group"
          data-testid="tag-group"
          value={groupId ?? ''}
          onChange={(e) => setGroupId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
        >
          <option value="">{t('tagAdmin.noGroup')}</option>
          {p.groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </HTMLSelect>
      </Field>
      <Button
        intent={Intent.PRIMARY}
        loading={p.saving}
        text={p.editing ? t('actions.save') : t('tagAdmin.addTag')}
        data-testid="tag-save"
        onClick={save}
      />
      {p.editing && <Button text={t('common:actions.cancel')} onClick={p.onCancel} />}
    </div>
  );
}
