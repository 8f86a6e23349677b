// Where to go next (SPEC §4 next actions) with the flow and node pickers, the seat group and a
// transfer's fallback flow (where the bot goes on when no seat takes the call).
import { useTranslation } from 'react-i18next';
import { NEXT_ACTIONS, type Flow, type NextStep } from '../../../../../domain/bot/definition';
import { NumberInput, SelectField } from './fields';

export function NextStepEditor(p: {
  id: string;
  value: NextStep | null | undefined;
  flows: readonly Flow[];
  errors?: Record<string, string>;
  errorPrefix?: string;
  onChange(v: NextStep): void;
}) {
  const { t } = useTranslation('bots');
  const step = p.value ?? { action: 0 };
  const err = (k: string) => p.errors?.[`${p.errorPrefix ?? ''}${k}`];
  return (
    <div className="cp-bots-row">
      <SelectField
        id={`${p.id}-action`}
        label={t('next.action')}
        value={step.action}
        options={NEXT_ACTIONS.map((a) => ({ value: a as number, label: t(`nextAction.${a}`) }))}
        onChange={(a) =>
          p.onChange({ action: a as NextStep['action'], flowId: null, nodeId: null, seatGroupId: null })
        }
      />
      {step.action === 3 && (
        <FlowNodePicker
          id={p.id}
          label={t('next.flow')}
          error={err('flowId')}
          step={step}
          flows={p.flows}
          onChange={p.onChange}
        />
      )}
      {step.action === 4 && (
        <NumberInput
          id={`${p.id}-seatGroup`}
          label={t('next.seatGroup')}
          nullable
          error={err('seatGroupId')}
          value={step.seatGroupId}
          onChange={(seatGroupId) => p.onChange({ ...step, seatGroupId })}
        />
      )}
      {step.action === 4 && (
        <FlowNodePicker
          id={`${p.id}-fallback`}
          label={t('next.fallbackFlow')}
          error={err('flowId')}
          step={step}
          flows={p.flows}
          onChange={p.onChange}
        />
      )}
    </div>
  );
}

/** The flow and node a step goes to (a jump's target, a transfer's fallback); '—' clears it. */
function FlowNodePicker(p: {
  id: string;
  label: string;
  error?: string;
  step: NextStep;
  flows: readonly Flow[];
  onChange(v: NextStep): void;
}) {
  const { t } = useTranslation('bots');
  const { step } = p;
  const flow = p.flows.find((f) => f.id === step.flowId);
  return (
    <>
      <SelectField
        id={`${p.id}-flow`}
        label={p.label}
        error={p.error}
        value={step.flowId ?? ''}
        options={[{ value: '', label: '—' }, ...p.flows.map((f) => ({ value: f.id, label: f.name }))]}
        onChange={(flowId) => p.onChange({ ...step, flowId: flowId || null, nodeId: null })}
      />
      {flow && (
        <SelectField
          id={`${p.id}-node`}
          label={t('next.node')}
          value={step.nodeId ?? ''}
          options={[
            { value: '', label: t('next.anyNode') },
            ...flow.nodes.map((n) => ({ value: n.id, label: n.name || n.id })),
          ]}
          onChange={(nodeId) => p.onChange({ ...step, nodeId: nodeId || null })}
        />
      )}
    </>
  );
}
