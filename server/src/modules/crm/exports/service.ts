// Starting an export: the export password (SPEC §5, with its rate limit), the selection checked in
// the caller's scope (another tree's owner id is a 404, an empty selection is refused: SPEC §8 "no
// data can be exported"), then the job row and its Bull job (jobId = export id: a double add is a no-op).
import type { Context } from 'koa';
import type { Deps } from '../../../deps';
import { langOf } from '../../../http/envelope';
import { badRequest, notFound } from '../../../http/errors';
import { phoneHash } from '../../../../../platform/secrets';
import { checkPassword } from '../../auth/service';
import type { AuthContext } from '../../auth/sessions';
import { inSubtree } from '../customers/repo';
import { anySelected, insertExport, nextExportId, type Selection } from './repo';
import type { CreateExportInput } from './schema';

export async function startExport(deps: Deps, auth: AuthContext, ctx: Context, v: CreateExportInput) {
  const lang = langOf(ctx);
  await checkPassword(deps, auth, 'export', v.password, {
    ip: ctx.ip,
    userAgent: ctx.get('user-agent'),
    lang,
  });
  const { actor } = auth;
  if (v.filter?.ownerId && !(await inSubtree(deps.db, actor, v.filter.ownerId))) throw notFound();
  const selection: Selection = {
    ...(v.filter ? { filter: v.filter } : {}),
    ...(v.customerIds ? { customerIds: [...new Set(v.customerIds)] } : {}),
  };
  const hash = (digits: string) => phoneHash(deps.config.secretKey, digits);
  if (selection.customerIds?.length === 0 || !(await anySelected(deps.db, actor, selection, hash)))
    throw badRequest('export.noData');
  const id = await nextExportId(deps.db);
  const row = await insertExport(deps.db, { id, accountId: actor.id, format: v.format, lang, selection });
  await deps.queues.exports.add(
    { exportJobId: id },
    { jobId: `export:${id}`, attempts: 3, backoff: { type: 'exponential', delay: 5000 } },
  );
  return row;
}
