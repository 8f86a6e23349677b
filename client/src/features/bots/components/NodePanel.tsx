// The side panel of the selected node: its fields, branches and fallbacks. Every change goes
// straight into the draft; the form's problems show beside the fields.
import { Button, Checkbox, Divider, H5, H6, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  NODE_TYPES,
  type BotDefinition,
  type Flow,
  type FlowNode,
} from '../../../../../domain/bot/definition';
import { addBranch, removeBranch, removeNode, setStartNode, updateBranch, updateNode } from '../model/edit';
import { validateNode } from '../model/validate';
import { BranchForm } from './BranchForm';
import { FallbackForm } from './FallbackForm';
import { NumberInput, SelectField, TextInput } from './fields';
import { NextStepEditor } from './NextStepEditor';
import { PromptsEditor } from './PromptsEditor';

export function NodePanel(p: {
  def: BotDefinition;
  flow: Flow;
  node: FlowNode;
  branch: number | null;
  onChange(def: BotDefinition, select?: { nodeId: string | null; branch?: number | null }): void;
}) {
  const { t } = useTranslation('bots');
  const { def, flow, node } = p;
  const e = validateNode(node);
  const set = (patch: Partial<FlowNode>) => p.onChange(updateNode(def, flow.id, { ...node, ...patch }));
  return (
    <div className="cp-bots-panel" data-testid="node-panel" data-node={node.id}>
      <div className="cp-bots-row">
        <H5 className="cp-bots-grow">{t('node.title')}</H5>
        {flow.startNodeId === node.id ? (
          <span className="cp-bots-muted">{t('flow.start')}</span>
        ) : (
          <Button
            size="small"
            text={t('flow.setStart')}
            onClick={() => p.onChange(setStartNode(def, flow.id, node.id))}
          />
        )}
        <Button
          size="small"
          intent={Intent.DANGER}
          icon="trash"
          text={t('node.delete')}
          data-testid="node-delete"
          disabled={flow.nodes.length <= 1}
          onClick={() => p.onChange(removeNode(def, flow.id, node.id), { nodeId: null })}
        />
      </div>
      <div className="cp-bots-row">
        <TextInput
          id="node-name"
          label={t('node.name')}
          value={node.name}
          error={e.name}
          onChange={(name) => set({ name })}
        />
        <SelectField
          id="node-type"
          label={t('node.type')}
          value={node.type}
          options={NODE_TYPES.map((x) => ({ value: x, label: t(`nodeType.${x}`) }))}
          onChange={(type) => set({ type })}
        />
      </div>
      <PromptsEditor
        id="node-prompts"
        label={t('node.prompts')}
        keepOne
        value={node.prompts}
        error={e.prompts}
        onChange={(prompts) => set({ prompts })}
      />
      <div className="cp-bots-row">
        <Checkbox
          label={t('node.interruptible')}
          checked={node.interruptible}
          data-testid="node-interruptible"
          onChange={(ev) => set({ interruptible: ev.currentTarget.checked })}
        />
        <NumberInput
          id="node-wait"
          label={t('node.waitSeconds')}
          nullable
          value={node.waitSeconds}
          error={e.waitSeconds}
          onChange={(waitSeconds) => set({ waitSeconds })}
        />
        {node.type === 'gather' && (
          <NumberInput
            id="node-gather"
            label={t('node.gatherDigits')}
            nullable
            value={node.gatherDigits}
            error={e.gatherDigits}
            onChange={(gatherDigits) => set({ gatherDigits })}
          />
        )}
      </div>
      {(node.branches.length === 0 || node.type === 'jump') && (
        <>
          <H6>{t('node.next')}</H6>
          <NextStepEditor
            id="node-next"
            value={node.next}
            flows={def.flows}
            errors={e}
            errorPrefix="next."
            onChange={(next) => set({ next })}
          />
        </>
      )}
      <Divider />
      <div className="cp-bots-row">
        <H6 className="cp-bots-grow">{t('node.branches')}</H6>
        <Button
          size="small"
          icon="add"
          text={t('node.addBranch')}
          data-testid="branch-add"
          onClick={() => {
            const r = addBranch(def, flow.id, node.id);
            p.onChange(r.def, { nodeId: node.id, branch: r.index });
          }}
        />
      </div>
      {node.branches.length === 0 && <p className="cp-bots-muted">{t('node.noBranches')}</p>}
      {node.branches.map((b, i) => (
        <BranchForm
          key={b.id}
          index={i}
          branch={b}
          nodeType={node.type}
          flows={def.flows}
          highlighted={p.branch === i}
          onChange={(nb) =>
            p.onChange(updateBranch(def, flow.id, node.id, i, nb), { nodeId: node.id, branch: i })
          }
          onRemove={() => p.onChange(removeBranch(def, flow.id, node.id, i), { nodeId: node.id })}
        />
      ))}
      <Divider />
      <FallbackForm
        id="noMatch"
        title={t('node.noMatch')}
        value={node.noMatch}
        flows={def.flows}
        errors={e}
        onChange={(noMatch) => set({ noMatch })}
      />
      <FallbackForm
        id="silence"
        title={t('node.silence')}
        value={node.silence}
        flows={def.flows}
        errors={e}
        onChange={(silence) => set({ silence })}
      />
    </div>
  );
}
