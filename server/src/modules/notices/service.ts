// Notices are stored, then pushed live to the account's room (only that account's sockets).
import type { Deps } from '../../deps';
import { insertNotice, type NewNotice } from './repo';

export async function notify(deps: Deps, n: NewNotice) {
  const notice = await insertNotice(deps.db, n);
  deps.live.noticeToUser(n.accountId, notice);
  return notice;
}
