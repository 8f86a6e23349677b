// Self-registration (issue 21): the account is usable only once its e-mail is verified, and the
// reply never says whether a name or an e-mail exists: it is always "check your e-mail". Whoever
// owns the mailbox learns the rest by mail: a verification link, a note that the mailbox already
// has an account, or that the name asked for is not available.
import type { Knex } from 'knex';
import { Code } from '../../../../domain/api';
import { translate } from '../../../../domain/messages';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { isUniqueViolation } from '../../lib/pgErrors';
import { randomToken, sha256 } from '../../lib/tokens';
import { enqueueMail } from '../../queues/mail';
import { createAccount, findRegistrationParent } from '../accounts/repo';
import { changeBalance } from '../finance/ledger';
import { registrationTrial } from '../settings/registrationTrial';
import { registerLimits } from './limits';
import { guard, type ClientMeta } from './guard';

export const VERIFY_HOURS = 24;

export interface Registration {
  account: string;
  password: string;
  email: string;
  realName: string;
  phone?: string;
  pledge: boolean;
}

interface Holder {
  id: string;
  account: string;
  email: string | null;
  real_name: string;
  self_registered: boolean;
  email_verified_at: Date | null;
}

/** A registrant that never proved its mailbox. */
const unverified = (h: Holder) => h.self_registered && !h.email_verified_at;

/** An unverified registration whose last link has expired (or that has none): free to take over. */
async function lapsed(db: Knex, h: Holder): Promise<boolean> {
  if (!unverified(h)) return false;
  const live = await db('email_verifications')
    .where({ account_id: h.id })
    .whereNull('used_at')
    .where('expires_at', '>', db.fn.now())
    .first('id');
  return !live;
}

type MailKind = 'verify' | 'registeredAgain' | 'nameTaken';

async function mail(
  deps: Deps,
  meta: ClientMeta,
  to: string,
  kind: MailKind,
  vars: Record<string, string | number>,
): Promise<void> {
  await enqueueMail(deps.queues.mail, {
    to,
    subject: translate(meta.lang, `mail.${kind}Subject`),
    text: translate(meta.lang, `mail.${kind}Body`, vars),
  });
}

export async function register(deps: Deps, input: Registration, meta: ClientMeta): Promise<void> {
  if (!input.pledge) throw new AppError(Code.PledgeRequired, 400, 'pledgeRequired');
  const email = input.email.trim();
  const limits = registerLimits(deps.config.rateLimit, email.toLowerCase(), meta.ip);
  await guard(deps, limits);
  await deps.limiter.fail(limits); // every registration counts: this stops bulk sign-ups and mail floods
  const db = deps.db;
  const holders: Holder[] = await db('accounts')
    .whereRaw('lower(email) = lower(?)', [email])
    .orWhereRaw('lower(account) = lower(?)', [input.account])
    .select('id', 'account', 'email', 'real_name', 'self_registered', 'email_verified_at');
  const byEmail = holders.find((h) => h.email?.toLowerCase() === email.toLowerCase());
  const byName = holders.find((h) => h.account.toLowerCase() === input.account.toLowerCase());
  const base = deps.config.publicUrl;

  // The mailbox already has a proven account: tell its owner, create nothing.
  if (byEmail && !unverified(byEmail))
    return mail(deps, meta, byEmail.email!, 'registeredAgain', {
      name: byEmail.real_name || byEmail.account,
      account: byEmail.account,
      link: `${base}/forgot`,
    });
  // An unverified registration of this mailbox never proved it: the new one replaces it. A name
  // held by someone else (or a live unverified registration of another mailbox) is not available.
  const stale = [byEmail, byName].filter((h): h is Holder => Boolean(h));
  const nameFree = !byName || byName === byEmail || (await lapsed(db, byName));
  if (!nameFree)
    return mail(deps, meta, email, 'nameTaken', {
      name: input.realName,
      account: input.account,
      link: `${base}/register`,
    });

  const parent = await findRegistrationParent(db);
  const token = randomToken();
  try {
    await db.transaction(async (trx) => {
      // Never used (it could not log in): nothing else refers to it but its own rows (cascade).
      for (const h of new Set(stale)) await trx('accounts').where({ id: h.id }).delete();
      // The trial the super administrator set: seats (the total authorisation one above them, as the
      // account form requires) and days; the trial balance comes with the verified e-mail.
      const trial = await registrationTrial(trx);
      const created = await createAccount({ ...deps, db: trx as unknown as Knex }, parent.account, {
        account: input.account,
        passwordHash: await deps.passwords.hash(input.password),
        email,
        realName: input.realName,
        phone: input.phone ?? null,
        level: 1,
        roleId: parent.roleId,
        expiresAt: new Date(Date.now() + trial.days * 86_400_000),
        aiSeats: trial.aiSeats,
        totalAuthorization: trial.aiSeats + 1,
        selfRegistered: true,
      });
      await trx('email_verifications').insert({
        account_id: created.id,
        token_hash: sha256(token),
        expires_at: new Date(Date.now() + VERIFY_HOURS * 3_600_000),
      });
    });
  } catch (e) {
    // A simultaneous identical submit won the race: it mails the link; the reply stays the same.
    if (isUniqueViolation(e) || (e instanceof AppError && e.status === 409)) return;
    throw e;
  }
  await mail(deps, meta, email, 'verify', {
    name: input.realName,
    account: input.account,
    hours: VERIFY_HOURS,
    link: `${base}/register?verify=${encodeURIComponent(token)}`,
  });
}

/** Marks the e-mail of the link's account verified; a link works once and within its hours. */
export async function verifyEmail(deps: Deps, token: string, meta: ClientMeta): Promise<void> {
  const limits = registerLimits(deps.config.rateLimit, null, meta.ip);
  await guard(deps, limits);
  const done = await deps.db.transaction(async (trx) => {
    const [claimed] = await trx('email_verifications')
      .where({ token_hash: sha256(token) })
      .whereNull('used_at')
      .where('expires_at', '>', trx.fn.now())
      .update({ used_at: trx.fn.now() }, ['account_id']);
    if (!claimed) return false;
    const first = await trx('accounts')
      .where({ id: claimed.account_id })
      .whereNull('email_verified_at')
      .update({ email_verified_at: trx.fn.now(), updated_at: trx.fn.now() });
    // The trial balance, once per account (the ledger key), with the e-mail proven.
    const { balanceFen } = await registrationTrial(trx);
    if (first && balanceFen > 0)
      await changeBalance(trx, {
        accountId: Number(claimed.account_id),
        deltaFen: balanceFen,
        kind: 'adjust',
        description: '注册试用金',
        key: `trial:${claimed.account_id}`,
      });
    return true;
  });
  if (!done) {
    await deps.limiter.fail(limits);
    throw new AppError(Code.ResetLinkInvalid, 400, 'verifyLinkInvalid');
  }
}
