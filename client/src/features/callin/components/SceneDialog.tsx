// Add or edit a reception scene (SPEC §3 Scene: name, reception SIP; §5 name at least 2 characters):
// the number callers dial, the line it arrives on, and who answers: a bot, or a seat group with how
// long its seats ring (SPEC §9's wait, 0 = for ever).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCENE_TARGETS, validateScene, type SceneTarget } from '../../../../../domain/scenes';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FormDialog } from '../../../ui/FormDialog';
import { SelectField, ToggleField } from '../../../ui/fields';
import { TextField } from '../../../ui/TextField';
import { blankScene, formOf, inputOf, problemKeys, type SceneForm } from '../form';
import { callinActions as A, selectCallin } from '../slice';

export function SceneDialog() {
  const { t } = useTranslation('callin');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectCallin);
  const open = s.editor.kind === 'scene';
  const item = s.scenes.items.find((x) => x.id === s.editor.id);
  const [f, setF] = useState<SceneForm>(blankScene);
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (!open) return;
    setF(item ? formOf(item) : blankScene);
    setSubmitted(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, s.editor.id]);

  const input = inputOf(f);
  const problems = validateScene(input);
  const keys = submitted ? problemKeys(problems) : {};
  const err = (k: keyof SceneForm) => (keys[k] ? t(keys[k]) : s.editor.serverErrors[k]);
  const set = (k: keyof SceneForm) => (v: string) => setF((x) => ({ ...x, [k]: v }));
  const choose = { value: '', label: t('fields.choose') };
  const o = s.options;
  // The chosen line's numbers: the scene's number must be one of them (the server refuses others).
  const lineNumbers = o.lines.find((l) => String(l.id) === f.lineId)?.numbers;

  return (
    <FormDialog
      isOpen={open}
      title={item ? t('scenes.edit') : t('scenes.add')}
      icon="phone"
      testId="scene-dialog"
      saving={s.editor.saving}
      formError={s.editor.formError}
      onClose={() => dispatch(A.editorClosed())}
      onSubmit={() => {
        setSubmitted(true);
        if (!Object.values(problems).some(Boolean)) dispatch(A.saveRequested({ id: s.editor.id, input }));
      }}
    >
      <TextField
        id="scene-name"
        label={t('fields.name')}
        value={f.name}
        error={err('name')}
        autoFocus
        onChange={set('name')}
      />
      <TextField
        id="scene-did"
        label={t('fields.did')}
        type="tel"
        value={f.did}
        error={err('did')}
        helper={
          lineNumbers
            ? t('scenes.didOfLine', { numbers: lineNumbers.join(', ') || t('scenes.noNumbers') })
            : t('scenes.didHelp')
        }
        onChange={set('did')}
      />
      <SelectField
        id="scene-lineId"
        label={t('fields.line')}
        value={f.lineId}
        options={[choose, ...o.lines.map((l) => ({ value: String(l.id), label: l.name }))]}
        error={err('lineId')}
        onChange={set('lineId')}
      />
      <SelectField<SceneTarget>
        id="scene-target"
        label={t('fields.target')}
        value={f.target}
        options={SCENE_TARGETS.map((v) => ({ value: v, label: t(`targets.${v}`) }))}
        error={err('target')}
        onChange={(target) => setF((x) => ({ ...x, target }))}
      />
      {f.target === 'bot' ? (
        <SelectField
          id="scene-botId"
          label={t('fields.bot')}
          value={f.botId}
          options={[
            choose,
            ...o.bots.map((b) => ({
              value: String(b.id),
              // An ancestor's bot is named with its owner (two bots may share a name).
              label:
                b.own || !b.ownerAccount
                  ? b.name
                  : `${b.name} ${t('bots:list.ownedBy', { account: b.ownerAccount })}`,
            })),
          ]}
          error={err('botId')}
          onChange={set('botId')}
        />
      ) : (
        <>
          <SelectField
            id="scene-seatGroupId"
            label={t('fields.seatGroup')}
            value={f.seatGroupId}
            options={[
              choose,
              ...o.groups.map((g) => ({ value: String(g.id), label: `${g.name} (${g.ownerAccount})` })),
            ]}
            error={err('seatGroupId')}
            onChange={set('seatGroupId')}
          />
          <TextField
            id="scene-waitSeconds"
            label={t('fields.waitSeconds')}
            value={f.waitSeconds}
            error={err('waitSeconds')}
            helper={t('scenes.waitHelp')}
            onChange={set('waitSeconds')}
          />
        </>
      )}
      <ToggleField
        id="scene-enabled"
        label={t('fields.enabled')}
        checked={f.enabled}
        onChange={(enabled) => setF((x) => ({ ...x, enabled }))}
      />
    </FormDialog>
  );
}
