// SIP lines, their assignments down the account tree, and voice gateways. A line belongs to the account
// that made it (account_id); it is visible to its owner and to every account it was assigned to
// (sip_line_assignments, read-only there). Every query goes through the tenant scope (db/scope.ts):
// owned rows through scoped(account_id), assignments through the assignee's scope, target accounts
// through below(). Secrets stay sealed here; presenters only say whether one is set.
import type { Knex } from 'knex';
import type { Codec, GatewayDto, LineMode, SipLineDto } from '../../../../domain/telephony-config';
import { formatSendRate } from '../../../../domain/telephony-config';
import { below, scoped, type Actor } from '../../db/scope';

const LINE_COLS = [
  'l.id',
  'l.account_id',
  'l.name',
  'l.server_ip',
  'l.port',
  'l.auth_account',
  'l.password_enc',
  'l.caller_number',
  'l.prefix',
  'l.codec',
  'l.rate_count',
  'l.rate_seconds',
  'l.port_count',
  'l.mode',
  'l.enabled',
  'l.dids',
  'l.updated_at',
  'l.fault_cause',
  'l.fault_text',
  'l.fault_at',
  'o.account as owner_account',
];

/** A sip_lines row as LINE_COLS selects it, with its owner's name. */
interface LineRow {
  id: string;
  account_id: string;
  name: string;
  server_ip: string;
  port: number;
  auth_account: string;
  password_enc: string;
  caller_number: string;
  prefix: string;
  codec: Codec;
  rate_count: number;
  rate_seconds: number;
  port_count: number;
  mode: LineMode;
  enabled: boolean;
  dids: string[];
  updated_at: Date;
  fault_cause: string | null;
  fault_text: string | null;
  fault_at: Date | null;
  owner_account: string;
}

/** A voice_gateways row as GATEWAY_COLS selects it. */
interface GatewayDbRow {
  id: string;
  name: string;
  auth_name: string;
  auth_password_enc: string;
  sips: string;
  prefix: string;
  transfer_sip: string;
  third_sip: string;
  updated_at: Date;
}

function presentLine(r: LineRow, actor: Actor, assignedTo: SipLineDto['assignedTo']): SipLineDto {
  const owned = Number(r.account_id) === actor.id;
  return {
    id: Number(r.id),
    name: r.name,
    serverIp: r.server_ip,
    port: r.port,
    // An assigned line is read-only: its auth account and password stay with the owner.
    account: owned ? r.auth_account : '',
    passwordSet: owned && r.password_enc !== '',
    callerNumber: r.caller_number,
    prefix: r.prefix,
    codec: r.codec,
    sendRate: formatSendRate(r.rate_count, r.rate_seconds),
    rateCount: r.rate_count,
    rateSeconds: r.rate_seconds,
    portCount: r.port_count,
    mode: r.mode,
    enabled: r.enabled,
    dids: r.dids ?? [],
    ownerId: Number(r.account_id),
    ownerAccount: r.owner_account,
    owned,
    assignedTo,
    updatedAt: new Date(r.updated_at).toISOString(),
    fault: r.fault_cause
      ? { cause: r.fault_cause, text: r.fault_text ?? '', at: new Date(r.fault_at!).toISOString() }
      : null,
  };
}

/** Ids of the lines the actor holds: its own and those assigned to it. */
export const heldLineIds = (db: Knex, actor: Actor) =>
  scoped(db('sip_lines'), db, actor)
    .where('account_id', actor.id)
    .select('id')
    .union(
      scoped(db('sip_line_assignments'), db, actor).where('account_id', actor.id).select('line_id as id'),
    );

const linesQuery = (db: Knex, actor: Actor) =>
  db('sip_lines as l')
    .join('accounts as o', 'o.id', 'l.account_id')
    .whereIn('l.id', heldLineIds(db, actor))
    .select<LineRow[]>(LINE_COLS);

/** Assignments of these lines to accounts strictly below the actor (what the actor controls). */
async function assignmentsBelow(db: Knex, actor: Actor, lineIds: number[]) {
  const byLine = new Map<number, SipLineDto['assignedTo']>();
  if (!lineIds.length) return byLine;
  const rows = await below(
    db('sip_line_assignments as a').join('accounts as x', 'x.id', 'a.account_id'),
    actor,
    'x',
  )
    .whereIn('a.line_id', lineIds)
    .orderBy(['a.line_id', 'x.id'])
    .select<{ line_id: string; id: string; account: string }[]>('a.line_id', 'x.id', 'x.account');
  for (const r of rows) {
    const id = Number(r.line_id);
    byLine.set(id, [...(byLine.get(id) ?? []), { id: Number(r.id), account: r.account }]);
  }
  return byLine;
}

export async function listLines(db: Knex, actor: Actor): Promise<SipLineDto[]> {
  const rows = await linesQuery(db, actor).orderBy('l.id');
  const assigned = await assignmentsBelow(
    db,
    actor,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => presentLine(r, actor, assigned.get(Number(r.id)) ?? []));
}

/** One line the actor holds (own or assigned), or undefined for anything else (another tree's). */
export async function heldLine(db: Knex, actor: Actor, id: number): Promise<SipLineDto | undefined> {
  const r: LineRow | undefined = await linesQuery(db, actor).where('l.id', id).first();
  if (!r) return undefined;
  return presentLine(r, actor, (await assignmentsBelow(db, actor, [id])).get(id) ?? []);
}

export interface LineValues {
  name: string;
  serverIp: string;
  port: number;
  account: string;
  /** Sealed password; undefined keeps the stored one. */
  passwordEnc?: string;
  callerNumber: string;
  prefix: string;
  codec: Codec;
  rateCount: number;
  rateSeconds: number;
  portCount: number;
  mode: LineMode;
  enabled: boolean;
  /** The line's inbound numbers; undefined keeps the stored ones. */
  dids?: string[];
}

const lineRow = (v: LineValues) => ({
  name: v.name,
  server_ip: v.serverIp,
  port: v.port,
  auth_account: v.account,
  ...(v.passwordEnc !== undefined ? { password_enc: v.passwordEnc } : {}),
  caller_number: v.callerNumber,
  prefix: v.prefix,
  codec: v.codec,
  rate_count: v.rateCount,
  rate_seconds: v.rateSeconds,
  port_count: v.portCount,
  mode: v.mode,
  enabled: v.enabled,
  ...(v.dids !== undefined ? { dids: v.dids } : {}),
});

export async function insertLine(db: Knex, actor: Actor, v: LineValues): Promise<number> {
  const [r] = await db('sip_lines')
    .insert({ ...lineRow(v), account_id: actor.id })
    .returning<{ id: string }[]>('id');
  return Number(r!.id);
}

/** Owner only; returns whether a row changed. */
export const updateOwnedLine = async (db: Knex, actor: Actor, id: number, v: LineValues) =>
  (await scoped(db('sip_lines'), db, actor)
    .where({ id, account_id: actor.id })
    // An edit is the fix the fault asked for: the next call tries the line again.
    .update({
      ...lineRow(v),
      updated_at: db.fn.now(),
      fault_cause: null,
      fault_text: null,
      fault_at: null,
    })) > 0;

export const setLineEnabled = async (db: Knex, actor: Actor, id: number, enabled: boolean) =>
  (await scoped(db('sip_lines'), db, actor)
    .where({ id, account_id: actor.id })
    .update({ enabled, updated_at: db.fn.now() })) > 0;

export const deleteOwnedLine = async (db: Knex, actor: Actor, id: number) =>
  (await scoped(db('sip_lines'), db, actor).where({ id, account_id: actor.id }).delete()) > 0;

/** Accounts strictly below the actor (assignment targets), with whether they hold the line. */
export async function assignable(db: Knex, actor: Actor, lineId: number) {
  const rows = await below(db('accounts'), actor)
    .orderBy('accounts.path')
    .limit(1000)
    .select<{ id: string; account: string; real_name: string; level: number; assigned: boolean }[]>(
      'accounts.id',
      'accounts.account',
      'accounts.real_name',
      'accounts.level',
      db.raw(
        'exists (select 1 from sip_line_assignments a where a.line_id = ? and a.account_id = accounts.id) as assigned',
        [lineId],
      ),
    );
  return rows.map((r) => ({
    id: Number(r.id),
    account: r.account,
    realName: r.real_name,
    level: r.level,
    assigned: Boolean(r.assigned),
  }));
}

/** The subset of `ids` that are accounts strictly below the actor. */
export const belowIds = async (db: Knex, actor: Actor, ids: number[]): Promise<number[]> =>
  ids.length
    ? (
        await below(db('accounts'), actor).whereIn('accounts.id', ids).select<{ id: string }[]>('accounts.id')
      ).map((r) => Number(r.id))
    : [];

/**
 * Makes the line's assignments below the actor exactly `accountIds` (already checked to be below it).
 * Accounts that lose the line also lose what they passed on (repeatedly, down the tree).
 */
export async function replaceAssignments(
  db: Knex,
  actor: Actor,
  lineId: number,
  ownerId: number,
  accountIds: number[],
): Promise<void> {
  await db.transaction(async (trx) => {
    // Serialises concurrent edits of one line's assignments.
    await trx('sip_lines').where({ id: lineId }).forUpdate().first('id');
    const current = (
      await below(trx('sip_line_assignments as a').join('accounts', 'accounts.id', 'a.account_id'), actor)
        .where('a.line_id', lineId)
        .select<{ account_id: string }[]>('a.account_id')
    ).map((r) => Number(r.account_id));
    const wanted = new Set(accountIds);
    const removed = current.filter((id) => !wanted.has(id));
    const added = accountIds.filter((id) => !current.includes(id));
    if (removed.length)
      await trx('sip_line_assignments').where({ line_id: lineId }).whereIn('account_id', removed).delete();
    if (added.length)
      await trx('sip_line_assignments')
        .insert(added.map((id) => ({ line_id: lineId, account_id: id, assigned_by: actor.id })))
        .onConflict(['line_id', 'account_id'])
        .ignore();
    // Pass-downs by accounts that no longer hold the line go too.
    for (;;) {
      const n = await trx('sip_line_assignments')
        .where({ line_id: lineId })
        .whereNotNull('assigned_by')
        .whereNot('assigned_by', ownerId)
        .whereNotIn(
          'assigned_by',
          trx('sip_line_assignments').where({ line_id: lineId }).select('account_id'),
        )
        .delete();
      if (!n) break;
    }
  });
}

/** Every enabled line of the platform with its sealed password, for FreeSWITCH's sofia profile. */
export const enabledLinesForFreeswitch = (db: Knex) =>
  db('sip_lines')
    .where({ enabled: true })
    .orderBy('id')
    .select<
      Pick<
        LineRow,
        'id' | 'server_ip' | 'port' | 'auth_account' | 'password_enc' | 'caller_number' | 'codec' | 'mode'
      >[]
    >('id', 'server_ip', 'port', 'auth_account', 'password_enc', 'caller_number', 'codec', 'mode');

// ---- voice gateways ----

const GATEWAY_COLS = [
  'id',
  'name',
  'auth_name',
  'auth_password_enc',
  'sips',
  'prefix',
  'transfer_sip',
  'third_sip',
  'updated_at',
];

export type GatewayRow = Omit<GatewayDto, 'online' | 'work' | 'statusAt'>;

const presentGateway = (r: GatewayDbRow): GatewayRow => ({
  id: Number(r.id),
  name: r.name,
  authName: r.auth_name,
  authPasswordSet: r.auth_password_enc !== '',
  sips: r.sips,
  prefix: r.prefix,
  transferSip: r.transfer_sip,
  thirdSip: r.third_sip,
  updatedAt: new Date(r.updated_at).toISOString(),
});

const ownGateways = (db: Knex, actor: Actor) =>
  scoped(db('voice_gateways'), db, actor).where('account_id', actor.id);

export const listGateways = async (db: Knex, actor: Actor): Promise<GatewayRow[]> =>
  (await ownGateways(db, actor).orderBy('id').select<GatewayDbRow[]>(GATEWAY_COLS)).map(presentGateway);

export const ownedGateway = async (db: Knex, actor: Actor, id: number) => {
  const r = await ownGateways(db, actor).where({ id }).first<GatewayDbRow | undefined>(GATEWAY_COLS);
  return r ? presentGateway(r) : undefined;
};

export interface GatewayValues {
  name: string;
  authName: string;
  authPasswordEnc?: string;
  sips: string;
  prefix: string;
  transferSip: string;
  thirdSip: string;
}

const gatewayRow = (v: GatewayValues) => ({
  name: v.name,
  auth_name: v.authName,
  ...(v.authPasswordEnc !== undefined ? { auth_password_enc: v.authPasswordEnc } : {}),
  sips: v.sips,
  prefix: v.prefix,
  transfer_sip: v.transferSip,
  third_sip: v.thirdSip,
});

export async function saveGateway(db: Knex, actor: Actor, v: GatewayValues, id?: number) {
  const [r] = id
    ? await ownGateways(db, actor)
        .where({ id })
        .update({ ...gatewayRow(v), updated_at: db.fn.now() })
        .returning<GatewayDbRow[]>(GATEWAY_COLS)
    : await db('voice_gateways')
        .insert({ ...gatewayRow(v), account_id: actor.id })
        .returning<GatewayDbRow[]>(GATEWAY_COLS);
  return presentGateway(r!);
}

export const deleteOwnedGateway = async (db: Knex, actor: Actor, id: number) =>
  (await ownGateways(db, actor).where({ id }).delete()) > 0;

/** Ids of the enabled FreeSWITCH nodes (every node carries every line's gateway). */
export const enabledNodeIds = async (db: Knex): Promise<number[]> =>
  (await db('fs_nodes').where({ enabled: true }).orderBy('id').select<{ id: string }[]>('id')).map((r) =>
    Number(r.id),
  );
