// The recognizer a call listens with: the account's, or none for a bot that only listens for keys
// (domain/bot/speechNeed.ts). An IVR bot then needs no recognizer on the node (nodeFit.ts) and starts
// no detect_speech (listening.ts), so it runs on a FreeSWITCH without ASR modules.
import { listensForSpeech } from '../../../domain/bot/speechNeed';
import { NO_ASR, UnimrcpAdapter, type AsrAdapter } from '../speech/asr';
import type { LoadedBot } from './bots';

export async function recognizerFor(
  asr: { forAccount(accountId: number): Promise<AsrAdapter> },
  accountId: number,
  bot: LoadedBot | null,
): Promise<AsrAdapter> {
  if (bot && !listensForSpeech(bot.compiled.def)) return NO_ASR;
  // The account's settings unreadable: the default recognizer (mod_unimrcp).
  return asr.forAccount(accountId).catch(() => new UnimrcpAdapter());
}
