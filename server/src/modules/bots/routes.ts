// /api/bots (domain/bot/api.ts): HTTP only. One router per menu; the routers with fixed paths
// (market, common knowledge, settings) come before the bot router, whose '/:id' would take them.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { ok } from '../../http/envelope';
import { requireTypedDelete } from '../../http/confirm';
import { body, idParam, query } from '../../http/validate';
import { createKnowledge, deleteKnowledge, listKnowledge, updateKnowledge } from './knowledge';
import { cloneTemplate, listMarket, publishTemplate } from './market';
import { learn, listLearning } from './learning';
import { previewTts } from './preview';
import { listRecordings, recordingAudio, uploadRecording } from './recordings';
import { listBots, listVersions, presentDetail } from './repo';
import { review, submit } from './review';
import {
  createSchema,
  distributeSchema,
  downloadPasswordSchema,
  draftSchema,
  enableSchema,
  knowledgeSchema,
  learningListSchema,
  learnSchema,
  listSchema,
  llmSettingsSchema,
  metaSchema,
  nameSchema,
  passwordSchema,
  previewSchema,
  reviewSchema,
  templateSchema,
  trainSchema,
  ttsSettingsSchema,
} from './schema';
import { copyBot, createBot, deleteBot, getBot, saveDraft, setEnabled, updateMeta } from './service';
import { getLlm, getTts, putLlm, putTts, testLlm } from './settings';
import { distribute } from './distribute';
import { exportBot, importBot, setDownloadPassword } from './exchange';
import { gradeSet } from './gradeSet';
import { train } from './training';
import { check } from '../../../../domain/bot';
import type { BotDefinition } from '../../../../domain/bot/definition';

const wav = (ctx: Context, bytes: Buffer) => {
  ctx.status = 200;
  ctx.type = 'audio/wav';
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = bytes;
};

function settingsRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/bots/llm-settings' });
  r.use(requireMenu('bot/bigmodel'));
  r.get('/', async (ctx) => ok(ctx, await getLlm(deps, authOf(ctx))));
  r.put('/', async (ctx) => ok(ctx, await putLlm(deps, authOf(ctx), body(ctx, llmSettingsSchema))));
  r.post('/test', async (ctx) => ok(ctx, await testLlm(deps, authOf(ctx))));
  return r;
}

function knowledgeRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/bots/common-knowledge' });
  r.use(requireMenu('bot/commonknow'));
  r.get('/', async (ctx) => ok(ctx, await listKnowledge(deps, authOf(ctx))));
  r.post('/', async (ctx) => ok(ctx, await createKnowledge(deps, authOf(ctx), body(ctx, knowledgeSchema))));
  r.put('/:id', async (ctx) =>
    ok(ctx, await updateKnowledge(deps, authOf(ctx), idParam(ctx), body(ctx, knowledgeSchema))),
  );
  r.delete('/:id', async (ctx) => {
    await deleteKnowledge(deps, authOf(ctx), idParam(ctx));
    ok(ctx);
  });
  return r;
}

function marketRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/bots' });
  // Per route, not r.use(): a router's use() runs for every path under its prefix, which here
  // would put the market menu in front of all of /bots.
  const menu = requireMenu('bot/botviewmarket');
  r.get('/market', menu, async (ctx) => ok(ctx, await listMarket(deps, authOf(ctx))));
  r.post('/market/:id/clone', menu, async (ctx) =>
    ok(ctx, await cloneTemplate(deps, authOf(ctx), idParam(ctx), body(ctx, nameSchema).name)),
  );
  r.post('/:id/publish-template', menu, async (ctx) =>
    ok(ctx, await publishTemplate(deps, authOf(ctx), idParam(ctx), body(ctx, templateSchema).published)),
  );
  return r;
}

function botRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/bots' });
  r.use(requireMenu('bot/botview'));
  const a = (ctx: Context) => authOf(ctx);
  // Fixed paths first.
  r.get('/', async (ctx) => ok(ctx, await listBots(deps.db, a(ctx).actor, query(ctx, listSchema))));
  r.post('/', async (ctx) => ok(ctx, await createBot(deps, a(ctx), body(ctx, createSchema))));
  r.post('/import', async (ctx) => ok(ctx, await importBot(deps, a(ctx), ctx)));
  r.put('/download-password', async (ctx) => {
    await setDownloadPassword(deps, a(ctx), ctx, body(ctx, downloadPasswordSchema));
    ok(ctx);
  });
  r.post('/tts/preview', async (ctx) => wav(ctx, await previewTts(deps, a(ctx), body(ctx, previewSchema))));
  r.get('/tts-settings', async (ctx) => ok(ctx, await getTts(deps, a(ctx))));
  r.put('/tts-settings', async (ctx) => ok(ctx, await putTts(deps, a(ctx), body(ctx, ttsSettingsSchema))));
  r.get('/recordings/:rid/audio', async (ctx) =>
    wav(ctx, await recordingAudio(deps, a(ctx), idParam(ctx, 'rid'))),
  );

  r.get('/:id', async (ctx) => ok(ctx, presentDetail(await getBot(deps, a(ctx), idParam(ctx)))));
  r.put('/:id', async (ctx) => ok(ctx, await updateMeta(deps, a(ctx), idParam(ctx), body(ctx, metaSchema))));
  r.put('/:id/draft', async (ctx) => {
    const id = idParam(ctx);
    const v = body(ctx, draftSchema);
    ok(ctx, await saveDraft(deps, a(ctx), id, v.definition as BotDefinition, v.draftRev));
  });
  r.post('/:id/check', async (ctx) => {
    const bot = await getBot(deps, a(ctx), idParam(ctx));
    ok(ctx, { problems: check(bot.draft as BotDefinition) });
  });
  r.post('/:id/copy', async (ctx) =>
    ok(ctx, await copyBot(deps, a(ctx), idParam(ctx), body(ctx, nameSchema).name)),
  );
  r.delete('/:id', async (ctx) => {
    const id = idParam(ctx);
    requireTypedDelete(ctx);
    await deleteBot(deps, a(ctx), id);
    ok(ctx);
  });
  r.post('/:id/enable', async (ctx) =>
    ok(ctx, await setEnabled(deps, a(ctx), idParam(ctx), body(ctx, enableSchema).enabled)),
  );
  r.post('/:id/submit', async (ctx) => ok(ctx, await submit(deps, a(ctx), idParam(ctx))));
  r.post('/:id/review', async (ctx) =>
    ok(ctx, await review(deps, a(ctx), idParam(ctx), body(ctx, reviewSchema))),
  );
  r.get('/:id/versions', async (ctx) => {
    const id = idParam(ctx);
    await getBot(deps, a(ctx), id);
    ok(ctx, await listVersions(deps.db, a(ctx).actor, id));
  });
  // The bot file is a download, not an envelope.
  r.post('/:id/export', async (ctx) => {
    const { fileName, file } = await exportBot(
      deps,
      a(ctx),
      ctx,
      idParam(ctx),
      body(ctx, passwordSchema).password,
    );
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.set('Content-Disposition', `attachment; filename="${fileName}"`);
    ctx.body = JSON.stringify(file);
  });
  r.post('/:id/distribute', async (ctx) =>
    ok(ctx, await distribute(deps, a(ctx), idParam(ctx), body(ctx, distributeSchema))),
  );
  r.post('/:id/train', async (ctx) =>
    ok(ctx, await train(deps, a(ctx), idParam(ctx), body(ctx, trainSchema))),
  );
  // Batch training: a multipart file of test conversations graded on the draft (see ./gradeSet).
  r.post('/:id/grade-set', async (ctx) => ok(ctx, await gradeSet(deps, a(ctx), ctx, idParam(ctx))));
  r.get('/:id/learning', async (ctx) => {
    const id = idParam(ctx);
    const q = query(ctx, learningListSchema);
    ok(ctx, await listLearning(deps, a(ctx), id, q.learned === undefined ? undefined : q.learned === 'true'));
  });
  r.post('/:id/learning/:lid/learn', async (ctx) =>
    ok(ctx, await learn(deps, a(ctx), idParam(ctx), idParam(ctx, 'lid'), body(ctx, learnSchema).target)),
  );
  r.get('/:id/recordings', async (ctx) => ok(ctx, await listRecordings(deps, a(ctx), idParam(ctx))));
  r.post('/:id/recordings', async (ctx) => ok(ctx, await uploadRecording(deps, a(ctx), ctx, idParam(ctx))));
  return r;
}

export const botsRoutes = (deps: Deps): Router[] =>
  [settingsRoutes, knowledgeRoutes, marketRoutes, botRoutes].map((r) => r(deps));
