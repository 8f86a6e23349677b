// Settings: the FreeSWITCH cluster (/systemset/clusterserver, super administrator only) and the
// recognizer of each account (/systemset/emptyasr). HTTP only.
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Deps } from '../../deps';
import { authOf, requireMenu } from '../../http/auth';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { body, idParam } from '../../http/validate';
import { requireTypedDelete } from '../../http/confirm';
import { asrSchema, fsNodeSchema } from './schema';
import { allowListSchema, getAllowList, putAllowList } from './outbound';
import { putRegistrationTrial, registrationTrial, registrationTrialSchema } from './registrationTrial';
import { asrOf, nodesOf, removeNode, requireSuper, resetAsr, setAsr, upsertNode } from './service';

export function settingsRoutes(deps: Deps): Router {
  const r = new Router({ prefix: '/settings' });

  const cluster = [
    requireMenu('systemset/clusterserver'),
    async (ctx: Context, next: Next) => {
      requireSuper(authOf(ctx));
      await next();
    },
  ];
  r.get('/fs-nodes', ...cluster, async (ctx) => ok(ctx, await nodesOf(deps)));
  r.post('/fs-nodes', ...cluster, async (ctx) =>
    ok(ctx, await upsertNode(deps, body(ctx, fsNodeSchema(true)))),
  );
  r.put('/fs-nodes/:id', ...cluster, async (ctx) => {
    const id = idParam(ctx);
    ok(ctx, await upsertNode(deps, body(ctx, fsNodeSchema(false)), id));
  });
  r.delete('/fs-nodes/:id', ...cluster, async (ctx) => {
    const id = idParam(ctx);
    requireTypedDelete(ctx);
    await removeNode(deps, id);
    ok(ctx);
  });

  // The outbound-request guard's allow-list: platform-wide, the super administrator's only.
  r.get('/outbound-allowlist', ...cluster, async (ctx) => ok(ctx, await getAllowList(deps)));
  r.put('/outbound-allowlist', ...cluster, async (ctx) =>
    ok(ctx, await putAllowList(deps, authOf(ctx), body(ctx, allowListSchema))),
  );

  // What a self-registered account starts with: platform-wide, the super administrator's only.
  r.get('/registration-trial', ...cluster, async (ctx) => ok(ctx, await registrationTrial(deps.db)));
  r.put('/registration-trial', ...cluster, async (ctx) =>
    ok(ctx, await putRegistrationTrial(deps, authOf(ctx), body(ctx, registrationTrialSchema))),
  );

  const asr = requireMenu('systemset/emptyasr');
  r.get('/asr', asr, async (ctx) => ok(ctx, await asrOf(deps, authOf(ctx))));
  r.get('/asr/:accountId', asr, async (ctx) => {
    const [one] = await asrOf(deps, authOf(ctx), idParam(ctx, 'accountId'));
    if (!one) throw notFound();
    ok(ctx, one);
  });
  r.put('/asr/:accountId', asr, async (ctx) => {
    const id = idParam(ctx, 'accountId');
    ok(ctx, await setAsr(deps, authOf(ctx), id, body(ctx, asrSchema)));
  });
  r.delete('/asr/:accountId', asr, async (ctx) =>
    ok(ctx, await resetAsr(deps, authOf(ctx), idParam(ctx, 'accountId'))),
  );
  return r;
}
