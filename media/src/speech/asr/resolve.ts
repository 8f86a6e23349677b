// Which recognizer a call uses: the account's asr_settings row or, when blank, its superior's
// (SPEC §6, domain resolveAsr). Nobody on the chain chose: mod_unimrcp with its default profile.
// provider -> adapter:
//   none            -> NO_ASR (empty ASR: the bot hears DTMF only)
//   unimrcp         -> mod_unimrcp, the chosen profile
//   sim             -> mod_unimrcp's event shape (the simulator's recognizer answers detect_speech)
//   aliyun, tencent -> mod_unimrcp with the profile named after the provider: both clouds ship MRCP
//                      servers, and their keys belong in that profile's server, not on the ESL wire
//   google          -> mod_google_transcribe (CUSTOM events; credentials on the FreeSWITCH node)
import type { Knex } from 'knex';
import { resolveAsr, type AsrChainLink, type AsrProvider } from '../../../../domain/telephony-config';
import { asrOwnOf, asrSettingsOf } from '../../../../platform/asrSettings';
import { GoogleTranscribeAdapter } from './googleTranscribe';
import { NO_ASR, type AsrAdapter } from './types';
import { UnimrcpAdapter } from './unimrcp';

export function adapterFor(provider: AsrProvider | 'default', profile = ''): AsrAdapter {
  switch (provider) {
    case 'none':
      return NO_ASR;
    case 'google':
      return new GoogleTranscribeAdapter();
    case 'aliyun':
    case 'tencent':
      return new UnimrcpAdapter(provider);
    case 'unimrcp':
      return /^[\w.-]{1,64}$/.test(profile) ? new UnimrcpAdapter(profile) : new UnimrcpAdapter();
    default:
      return new UnimrcpAdapter();
  }
}

/** The account's effective recognizer, from the database. */
export async function loadAsrAdapter(db: Knex, accountId: number): Promise<AsrAdapter> {
  const acc = await db('accounts').where({ id: accountId }).first<{ path: string } | undefined>('path');
  const chainIds: number[] = String(acc?.path ?? '')
    .split('/')
    .filter(Boolean)
    .map(Number)
    .reverse();
  if (!chainIds.includes(accountId)) chainIds.unshift(accountId);
  const byId = await asrSettingsOf(db, chainIds);
  const chain: AsrChainLink[] = chainIds.map((id) => ({
    accountId: id,
    account: '',
    own: asrOwnOf(byId.get(id)),
  }));
  const { effective } = resolveAsr(chain);
  return adapterFor(effective.provider, effective.unimrcpProfile);
}

/** Per-account adapters for a worker, re-read after `ttlMs` so a settings change reaches new calls. */
export class AsrResolver {
  private readonly cache = new Map<number, { at: number; adapter: Promise<AsrAdapter> }>();

  constructor(
    private readonly db: Knex,
    private readonly ttlMs = 10000,
  ) {}

  forAccount(accountId: number): Promise<AsrAdapter> {
    const now = Date.now();
    const hit = this.cache.get(accountId);
    if (hit && now - hit.at < this.ttlMs) return hit.adapter;
    const adapter = loadAsrAdapter(this.db, accountId);
    this.cache.set(accountId, { at: now, adapter });
    if (this.cache.size > 5000) this.cache.delete(this.cache.keys().next().value!);
    adapter.catch(() => this.cache.delete(accountId));
    return adapter;
  }
}
