// Which TTS engine speaks for an account: its own tts_settings row, else the nearest superior's
// (a merchant's users inherit the merchant's), else the local espeak-ng engine.
import type { Knex } from 'knex';
import { decryptSecret } from '../../../platform/secrets';
import { AzureEngine } from './azure';
import { EspeakEngine } from './espeak';
import type { TtsEngine } from './tts';

export interface AccountTts {
  engine: TtsEngine;
  voice: string;
}

export interface EngineOverrides {
  /** Points the Azure engine at another host (tests). */
  azureBaseUrl?: string;
  espeakCommand?: string;
}

interface SettingsRow {
  engine: string;
  voice: string;
  region: string | null;
  key_enc: string | null;
}

/** Accounts form a tree; a bound on the walk keeps a corrupt parent cycle from looping. */
const MAX_DEPTH = 16;

export async function findTtsSettings(db: Knex, accountId: number): Promise<SettingsRow | null> {
  const r = await db.raw(
    `WITH RECURSIVE up AS (
       SELECT id, parent_id, 0 AS depth FROM accounts WHERE id = ?
       UNION ALL
       SELECT a.id, a.parent_id, up.depth + 1 FROM accounts a JOIN up ON a.id = up.parent_id WHERE up.depth < ?
     )
     SELECT s.engine, s.voice, s.region, s.key_enc FROM up JOIN tts_settings s ON s.account_id = up.id
     ORDER BY up.depth LIMIT 1`,
    [accountId, MAX_DEPTH],
  );
  return (r.rows[0] as SettingsRow | undefined) ?? null;
}

export function engineFor(row: SettingsRow | null, secretKey: string, o: EngineOverrides = {}): AccountTts {
  if (row?.engine === 'azure') {
    if (!row.region || !row.key_enc) throw new Error('Azure TTS is chosen but its region or key is not set');
    const key = decryptSecret(secretKey, row.key_enc);
    return {
      engine: new AzureEngine({ region: row.region, key, baseUrl: o.azureBaseUrl }),
      voice: row.voice || 'zh-CN-XiaoxiaoNeural',
    };
  }
  // 'espeak', no row, or an engine this worker does not know: speak locally rather than not at all.
  return { engine: new EspeakEngine({ command: o.espeakCommand }), voice: row?.voice ?? '' };
}

export async function accountTts(
  db: Knex,
  accountId: number,
  secretKey: string,
  o: EngineOverrides = {},
): Promise<AccountTts> {
  return engineFor(await findTtsSettings(db, accountId), secretKey, o);
}
