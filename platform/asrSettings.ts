// The recognizer settings of accounts (asr_settings, one row per account that chose) as the chain of
// SPEC §6 reads them: the settings page (server/src/modules/settings/repo.ts asrChains) and a call's
// recognizer (media/src/speech/asr/resolve.ts) read the same rows the same way. Who may see which
// account stays with the caller: this reads the ids it is given.
import type { Knex } from 'knex';
import type { AsrChainLink, AsrProvider } from '../domain/telephony-config';

/** An asr_settings row as asrSettingsOf selects it (provider one of ASR_PROVIDERS, a CHECK). */
export interface AsrRow {
  account_id: string;
  provider: AsrProvider;
  unimrcp_profile: string;
  app_key: string;
  secret_enc: string;
}

const ASR_COLS = ['account_id', 'provider', 'unimrcp_profile', 'app_key', 'secret_enc'];

/** The rows of these accounts, by account id (an account without a row chose nothing). */
export async function asrSettingsOf(db: Knex, accountIds: number[]): Promise<Map<number, AsrRow>> {
  const rows = await db('asr_settings').whereIn('account_id', accountIds).select<AsrRow[]>(ASR_COLS);
  return new Map(rows.map((r) => [Number(r.account_id), r]));
}

/** An account's own choice in the chain; null when it has no row (blank: its superior's). */
export const asrOwnOf = (r: AsrRow | undefined): AsrChainLink['own'] =>
  r && r.provider
    ? {
        provider: r.provider,
        unimrcpProfile: r.unimrcp_profile,
        appKey: r.app_key,
        secretSet: r.secret_enc !== '',
      }
    : null;
