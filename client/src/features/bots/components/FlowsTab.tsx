// Main flow or multi-round talks: pick a flow, add/rename/remove flows, the graph and the node panel.
import { Button, HTMLSelect, InputGroup, Intent, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { BotDefinition, Flow } from '../../../../../domain/bot/definition';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { addFlow, addNode, removeFlow, renameFlow } from '../model/edit';
import { selectEditor } from '../slice';
import { editorActions as E } from '../slice/editor';
import { FlowGraph } from './FlowGraph';
import { NodePanel } from './NodePanel';

export function FlowsTab({ kind, def }: { kind: Flow['kind']; def: BotDefinition }) {
  const { t } = useTranslation('bots');
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectEditor);
  const flows = def.flows.filter((f) => f.kind === kind);
  const flow = flows.find((f) => f.id === s.flowId) ?? flows[0];
  const node = flow?.nodes.find((n) => n.id === s.nodeId);
  const change = (next: BotDefinition) => dispatch(E.definitionChanged(next));
  const select = (flowId: string, nodeId: string | null, branch: number | null = null) =>
    dispatch(E.selected({ flowId, nodeId: nodeId ?? undefined, branch: branch ?? undefined }));

  const newFlow = () => {
    const r = addFlow(def, kind, kind === 'main' ? t('flow.newFlow') : t('flow.newMulti'), t('flow.newNode'));
    change(r.def);
    select(r.flowId, null);
  };
  return (
    <div className="cp-bots-flows" data-testid={`flows-${kind}`}>
      <div className="cp-bots-row">
        {flow && (
          <>
            <HTMLSelect
              data-testid="flow-select"
              aria-label={t('flow.flows')}
              value={flow.id}
              onChange={(e) => select(e.currentTarget.value, null)}
            >
              {flows.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </HTMLSelect>
            <InputGroup
              aria-label={t('flow.flowName')}
              data-testid="flow-name"
              value={flow.name}
              onValueChange={(v) => change(renameFlow(def, flow.id, v))}
            />
            <Button
              icon="add"
              intent={Intent.PRIMARY}
              text={t('flow.addNode')}
              data-testid="node-add"
              onClick={() => {
                const r = addNode(def, flow.id, t('flow.newNode'));
                change(r.def);
                select(flow.id, r.nodeId);
              }}
            />
            <Button
              icon="layout-auto"
              text={t('flow.autoLayout')}
              onClick={() =>
                change({
                  ...def,
                  flows: def.flows.map((f) =>
                    f.id === flow.id ? { ...f, nodes: f.nodes.map(({ position: _p, ...n }) => n) } : f,
                  ),
                })
              }
            />
          </>
        )}
        <span className="cp-bots-grow" />
        <Button icon="git-branch" text={t('flow.addFlow')} data-testid="flow-add" onClick={newFlow} />
        {flow && (kind === 'multi' || flows.length > 1) && (
          <Button
            icon="trash"
            intent={Intent.DANGER}
            text={t('flow.removeFlow')}
            onClick={() => {
              change(removeFlow(def, flow.id));
              dispatch(E.selected({ flowId: null }));
            }}
          />
        )}
      </div>
      {!flow ? (
        <NonIdealState icon="flow-branch" description={t('flow.noFlow')} />
      ) : (
        <div className="cp-bots-split">
          <div className="cp-bots-canvas">
            <FlowGraph
              flow={flow}
              flows={def.flows}
              selected={node?.id ?? null}
              onSelect={(id) => select(flow.id, id)}
            />
          </div>
          {node ? (
            <NodePanel
              def={def}
              flow={flow}
              node={node}
              branch={s.branch}
              onChange={(next, sel) => {
                change(next);
                if (sel) select(flow.id, sel.nodeId, sel.branch ?? null);
              }}
            />
          ) : (
            <div className="cp-bots-panel cp-bots-muted">{t('flow.selectNode')}</div>
          )}
        </div>
      )}
    </div>
  );
}
