// Add or edit a push address. Param (a JSON object) and Header (`Name: value` lines) are typed as
// text, parsed, and checked with the server's own rules (domain validateAddress) before sending.
import { Checkbox, Dialog, DialogBody, FormGroup, Intent, Switch, TextArea } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GRADE_LETTER,
  PUSH_GRADES,
  formatHeaderLines,
  formatParams,
  parseHeaderLines,
  parseParamsText,
  validateAddress,
  type PushAddressDto,
  type PushAddressInput,
} from '../../../../../domain/pushes';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DialogActions } from '../../../ui/DialogActions';
import { ErrorCallout } from '../../../ui/ErrorCallout';
import { TextField } from '../../../ui/TextField';
import { pushesActions as P, selectPushes } from '../slice';

interface Form {
  name: string;
  url: string;
  params: string;
  headers: string;
  grades: number[];
  enabled: boolean;
}

const formOf = (a: PushAddressDto | undefined): Form => ({
  name: a?.name ?? '',
  url: a?.url ?? '',
  params: a ? formatParams(a.params) : '',
  headers: a ? formatHeaderLines(a.headers) : '',
  grades: a?.grades ?? [],
  enabled: a?.enabled ?? true,
});

type Errors = Partial<Record<keyof Form, string>>;

export function AddressDialog() {
  const { t } = useTranslation('pushes');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectPushes);
  const { editor } = s;
  const editing = s.addresses.items.find((a) => a.id === editor.id);
  const [f, setF] = useState<Form>(formOf(undefined));
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (editor.open) {
      setF(formOf(editing));
      setErrors({});
    }
    // Only when the dialog opens: a list refresh must not wipe what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor.open, editor.id]);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setF((x) => ({ ...x, [k]: v }));
  const check = (): PushAddressInput | null => {
    const e: Errors = {};
    const params = parseParamsText(f.params);
    const headers = parseHeaderLines(f.headers);
    if ('problem' in params) e.params = t(`errors.params.${params.problem}`);
    if ('problem' in headers) e.headers = t(`errors.headers.${headers.problem}`);
    const input: PushAddressInput = {
      name: f.name.trim(),
      url: f.url.trim(),
      params: 'params' in params ? params.params : {},
      headers: 'headers' in headers ? headers.headers : {},
      grades: [...f.grades].sort(),
      enabled: f.enabled,
    };
    const v = validateAddress(input);
    if (v.name) e.name = t(`errors.${v.name}`);
    if (v.url) e.url = t(`errors.${v.url}`);
    if (v.grades) e.grades = t('errors.grades');
    setErrors(e);
    return Object.keys(e).length ? null : input;
  };
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (editor.saving) return;
    const input = check();
    if (input) dispatch(P.saveRequested({ id: editor.id, input }));
  };
  const err = (k: keyof Form) => errors[k] ?? editor.serverErrors[k];
  const close = () => dispatch(P.editorClosed());

  return (
    <Dialog
      isOpen={editor.open}
      onClose={close}
      title={editor.id === null ? t('addresses.newTitle') : t('addresses.editTitle')}
      icon="send-message"
      style={{ width: 640 }}
    >
      <form onSubmit={submit} noValidate data-testid="push-dialog">
        <DialogBody>
          <TextField
            id="push-name"
            label={t('addresses.name')}
            value={f.name}
            error={err('name')}
            onChange={(v) => set('name', v)}
            autoFocus
          />
          <TextField
            id="push-url"
            label={t('addresses.url')}
            value={f.url}
            error={err('url')}
            placeholder="https://example.com/callplat/push"
            onChange={(v) => set('url', v)}
          />
          <FormGroup
            label={t('addresses.params')}
            labelFor="push-params"
            labelInfo="*"
            intent={err('params') ? Intent.DANGER : Intent.NONE}
            helperText={
              err('params') ? (
                <span data-testid="error-push-params">{err('params')}</span>
              ) : (
                t('addresses.paramsHelp')
              )
            }
          >
            <TextArea
              id="push-params"
              data-testid="push-params"
              fill
              rows={3}
              className="cp-push-mono"
              value={f.params}
              placeholder='{"appKey": "abc"}'
              onChange={(e) => set('params', e.target.value)}
            />
          </FormGroup>
          <FormGroup
            label={t('addresses.headers')}
            labelFor="push-headers"
            labelInfo="*"
            intent={err('headers') ? Intent.DANGER : Intent.NONE}
            helperText={
              err('headers') ? (
                <span data-testid="error-push-headers">{err('headers')}</span>
              ) : (
                t('addresses.headersHelp')
              )
            }
          >
            <TextArea
              id="push-headers"
              data-testid="push-headers"
              fill
              rows={3}
              className="cp-push-mono"
              value={f.headers}
              placeholder="Authorization: Bearer abc"
              onChange={(e) => set('headers', e.target.value)}
            />
          </FormGroup>
          <FormGroup
            label={t('addresses.grades')}
            helperText={err('grades') ?? t('addresses.gradesHelp')}
            intent={err('grades') ? Intent.DANGER : Intent.NONE}
          >
            {PUSH_GRADES.map((g) => (
              <Checkbox
                key={g}
                inline
                label={GRADE_LETTER[g]}
                data-testid={`push-grade-${g}`}
                checked={f.grades.includes(g)}
                onChange={(e) =>
                  set('grades', e.currentTarget.checked ? [...f.grades, g] : f.grades.filter((x) => x !== g))
                }
              />
            ))}
          </FormGroup>
          <Switch
            label={t('addresses.enabled')}
            checked={f.enabled}
            data-testid="push-enabled"
            onChange={(e) => set('enabled', e.currentTarget.checked)}
          />
          <ErrorCallout error={editor.formError} testId="push-dialog-error" />
        </DialogBody>
        <DialogActions
          closeText={t('actions.cancel')}
          onClose={close}
          text={t('actions.save')}
          testId="push-dialog-submit"
          submit
          loading={editor.saving}
        />
      </form>
    </Dialog>
  );
}
