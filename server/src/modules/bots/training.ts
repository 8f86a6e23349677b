// The training chat (POST /api/bots/:id/train): the engine runs on the compiled draft, the session
// state travels to the browser and back as an opaque string. An askLlm action is answered here, in
// the same request, with the account's LLM (or null when it is off). Unmatched customer sentences
// go to the question-learning list.
import { deserialise, grade, serialise, start, step } from '../../../../domain/bot';
import type { TrainReply, TrainRequest } from '../../../../domain/bot/api';
import type { BotAction } from '../../../../domain/bot/session';
import type { BotDefinition } from '../../../../domain/bot/definition';
import type { Deps } from '../../deps';
import { badRequest } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import { compiledDraft, type Compiled } from './engine';
import { recordUnmatched } from './learning';
import { getBot } from './service';
import { askAccountLlm, gradeWithAccountLlm } from './settings';

type State = ReturnType<typeof start>;
type Step = ReturnType<typeof step>;

/** Opaque input from the browser: anything odd is a 400, never a 500. */
function restore(compiled: Compiled, s: string | null): State {
  if (s === null) return start(compiled);
  try {
    return deserialise(s);
  } catch {
    throw badRequest('bots.badState');
  }
}

function run(compiled: Compiled, state: State, event: TrainRequest['event']): Step {
  try {
    return step(compiled, state, event as Parameters<typeof step>[2]);
  } catch {
    throw badRequest('bots.badState');
  }
}

const nodeName = (def: BotDefinition, nodeId?: string) => {
  if (!nodeId) return null;
  for (const f of def.flows) for (const n of f.nodes) if (n.id === nodeId) return n.name;
  return null;
};

export async function train(
  deps: Deps,
  auth: AuthContext,
  id: number,
  req: TrainRequest,
): Promise<TrainReply> {
  const bot = await getBot(deps, auth, id);
  const def = bot.draft as BotDefinition;
  const compiled = compiledDraft(Number(bot.id), bot.draft_rev, def);
  let result = run(compiled, restore(compiled, req.state), req.event);
  const actions: BotAction[] = [...result.actions];
  // At most a couple of LLM round trips per request: the engine asks once per unmatched sentence.
  for (let i = 0; i < 2 && !result.ended; i++) {
    const ask = result.actions.find((a) => a.type === 'askLlm');
    if (!ask || ask.type !== 'askLlm') break;
    const text = await askAccountLlm(deps, Number(bot.account_id), {
      history: ask.history,
      utterance: ask.utterance,
    });
    result = run(compiled, result.state, { type: 'llmReply', text, at: req.event.at });
    actions.push(...result.actions);
  }

  if (req.event.type === 'asrFinal' && req.event.text) {
    const miss = actions.find(
      (a) => a.reason.kind === 'noMatch' || a.reason.kind === 'unanswered' || a.type === 'askLlm',
    );
    if (miss)
      await recordUnmatched(deps.db, {
        botId: Number(bot.id),
        accountId: Number(bot.account_id),
        sentence: req.event.text,
        nodeName: nodeName(def, miss.reason.nodeId),
      });
  }

  const t0 = (result.state as { t0?: number }).t0 ?? 0;
  const llmGrade =
    result.ended && def.llm?.gradeCall && req.transcript?.length
      ? await gradeWithAccountLlm(deps, Number(bot.account_id), req.transcript)
      : null;
  return {
    state: serialise(result.state),
    actions,
    ended: result.ended,
    llmGrade,
    grade: result.ended
      ? grade(compiled, result.state, {
          durationSeconds: Math.max(0, Math.round((req.event.at - t0) / 1000)),
        })
      : null,
  };
}
