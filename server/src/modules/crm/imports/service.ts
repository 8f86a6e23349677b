// Starting an import: the checked upload moves to the job's folder, the job row is written, and the
// Bull job (id = import id, so a double add is a no-op) is queued. The export password is checked
// first (SPEC §5: export and import need it).
import fs from 'node:fs';
import path from 'node:path';
import type { Context } from 'koa';
import type { Deps } from '../../../deps';
import { encryptSecret } from '../../../../../platform/secrets';
import { langOf } from '../../../http/envelope';
import { parse } from '../../../http/validate';
import { checkPassword } from '../../auth/service';
import type { AuthContext } from '../../auth/sessions';
import { jobDir } from './limits';
import { insertJob, nextJobId, setAesKeyEnc } from './repo';
import { importFieldsSchema } from './schema';
import { checkFile, receiveUpload } from './upload';

export async function startImport(deps: Deps, auth: AuthContext, ctx: Context) {
  const upload = await receiveUpload(ctx);
  try {
    const fields = parse(ctx, importFieldsSchema, upload.fields);
    await checkPassword(deps, auth, 'export', fields.password, {
      ip: ctx.ip,
      userAgent: ctx.get('user-agent'),
      lang: langOf(ctx),
    });
    const type = await checkFile(upload);
    const id = await nextJobId(deps.db);
    const dir = jobDir(id);
    await fs.promises.mkdir(dir, { recursive: true });
    const filePath = path.join(dir, `source.${type}`);
    await fs.promises.rename(upload.path, filePath);
    const row = await insertJob(deps.db, {
      id,
      accountId: auth.actor.id,
      fileName: upload.originalName.slice(0, 255),
      fileType: type,
      filePath,
      option: fields.option,
      params: fields.params,
      lang: fields.lang ?? langOf(ctx),
    });
    await deps.queues.imports.add(
      { importJobId: id },
      { jobId: `import:${id}`, attempts: 3, backoff: { type: 'exponential', delay: 5000 } },
    );
    return row;
  } finally {
    await fs.promises.rm(upload.path, { force: true });
  }
}

/** Stores the supplier key encrypted at rest; it is never sent back. */
export async function setAesKey(deps: Deps, auth: AuthContext, key: string): Promise<void> {
  await setAesKeyEnc(deps.db, auth.actor.id, encryptSecret(deps.config.secretKey, key));
}
