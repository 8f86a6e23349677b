// Add or edit a role: name (at least 2 characters), description, and the menus it grants, ticked in
// a tree of the side bar's groups that holds only the menus the editor itself holds (SPEC §6).
import { Checkbox, FormGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasMinChars } from '../../../../../domain/validators';
import { groupLabelKey, menuLabelKey } from '../../../app/menuGroups';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FormDialog } from '../../../ui/FormDialog';
import { TextField } from '../../../ui/TextField';
import { selectMe } from '../../auth/slice';
import { grantableGroups, groupCheck, toggleGroup } from '../menuTree';
import { selectSystem, systemActions as S } from '../slice';

export function RoleDialog() {
  const { t } = useTranslation(['system', 'menus']);
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMe);
  const s = useAppSelector(selectSystem);
  const e = s.roleEditor;
  const role = s.roles.find((r) => r.id === e.id);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (!e.open) return;
    setName(role?.name ?? '');
    setDescription(role?.description ?? '');
    setChosen(new Set(role?.menus ?? []));
    setSubmitted(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [e.open, e.id]);
  const groups = grantableGroups(me?.menus ?? []);
  const held = new Set(me?.menus ?? []);
  const nameError = submitted && !hasMinChars(name, 2) ? t('roles.nameMin') : e.serverErrors.name;
  const flip = (k: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (next.has(k)) next.delete(k);
      else next.add(k);
      return next;
    });
  return (
    <FormDialog
      isOpen={e.open}
      title={e.id === null ? t('roles.add') : t('roles.edit')}
      icon="shield"
      testId="role-dialog"
      saving={e.saving}
      formError={e.error}
      onClose={() => dispatch(S.roleEditorClosed())}
      onSubmit={() => {
        setSubmitted(true);
        if (!hasMinChars(name, 2)) return;
        // A menu the editor no longer holds cannot be granted: it is dropped from the role.
        const menus = [...chosen].filter((k) => held.has(k));
        dispatch(S.roleSaveRequested({ id: e.id, input: { name: name.trim(), description, menus } }));
      }}
    >
      <TextField id="role-name" label={t('roles.name')} value={name} onChange={setName} error={nameError} />
      <TextField
        id="role-description"
        label={t('roles.description')}
        value={description}
        onChange={setDescription}
      />
      <FormGroup
        className="cp-sys-menus"
        label={t('roles.menus')}
        helperText={t('roles.menusHelp')}
        intent={Intent.NONE}
      >
        <div data-testid="role-menus">
          {groups.map((g) => {
            const c = groupCheck(g.keys, chosen);
            return (
              <fieldset key={g.id} className="cp-sys-menu-group">
                <Checkbox
                  data-testid={`role-group-${g.id}`}
                  label={t(groupLabelKey(g.id))}
                  checked={c === 'all'}
                  indeterminate={c === 'some'}
                  onChange={() => setChosen((x) => toggleGroup(g.keys, x))}
                />
                <div className="cp-sys-menu-items">
                  {g.keys.map((k) => (
                    <Checkbox
                      key={k}
                      inline
                      data-testid={`role-menu-${k}`}
                      label={t(menuLabelKey(k))}
                      checked={chosen.has(k)}
                      onChange={() => flip(k)}
                    />
                  ))}
                </div>
              </fieldset>
            );
          })}
        </div>
      </FormGroup>
    </FormDialog>
  );
}
