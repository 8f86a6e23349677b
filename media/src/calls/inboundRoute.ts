// Which scene answers an inbound call (domain/scenes.ts sceneTarget): by the dialled number AND the
// line the call arrived on, never by the number alone (a tenant could otherwise claim a number of
// another tenant's trunk and receive its callers). The scene's row comes with its bot's published
// version as it is now (a bot that is disabled, offline or deleted has none).
//
// The arriving line: mod_sofia sets `sip_gateway` (some builds also `sip_gateway_name`) on a call it
// matches to one of the profile's gateways, which are named line-<id> (domain lineGatewayName): a
// registered line's carrier sends to the gw+line-<id> contact FreeSWITCH registered. An IP trunk
// (no registration) is matched by no gateway: its line is the one whose server address is the source
// address of the INVITE (Caller-Network-Addr), when exactly one line has it — lines sharing a carrier
// address cannot be told apart that way, so such calls are turned away as an unknown number.
import type { Knex } from 'knex';
import { sceneTarget, type InboundRoute } from '../../../domain/scenes';
import { lineIdOfGateway } from '../../../domain/telephony-config';
import type { EslEvent } from '../esl/events';

export interface Arrival {
  /** The gateway FreeSWITCH matched the call to, if any. */
  gateway: string | null;
  /** The signalling source address of the call. */
  networkAddr: string | null;
}

export function arrivalOf(ev: Pick<EslEvent, 'headers'>): Arrival {
  const h = (k: string) => ev.headers.get(k)?.trim() || null;
  return {
    gateway: h('variable_sip_gateway') ?? h('variable_sip_gateway_name'),
    networkAddr: h('variable_sip_network_ip') ?? h('Caller-Network-Addr'),
  };
}

/** The line a call arrived on, or null when it cannot be told (the call is then turned away). */
export async function arrivalLine(db: Knex, a: Arrival): Promise<number | null> {
  if (a.gateway !== null) return lineIdOfGateway(a.gateway);
  if (!a.networkAddr) return null;
  const ids = await db('sip_lines').where({ server_ip: a.networkAddr }).limit(2).pluck('id');
  return ids.length === 1 ? Number(ids[0]) : null;
}

export async function routeOf(db: Knex, did: string | null, arrival: Arrival): Promise<InboundRoute> {
  if (!did) return sceneTarget(null);
  const lineId = await arrivalLine(db, arrival);
  if (lineId === null) return sceneTarget(null);
  const r = await db('scenes as s')
    .join('sip_lines as l', 'l.id', 's.line_id')
    .leftJoin('bots as b', function () {
      this.on('b.id', 's.bot_id').andOnNull('b.deleted_at').andOn('b.enabled', db.raw('true'));
    })
    .where({ 's.did': did, 's.line_id': lineId })
    // The number must still be one of the line's (its owner may have taken it off since).
    .where((w) => w.where('l.caller_number', did).orWhereRaw('? = ANY(l.dids)', [did]))
    .first(
      's.id',
      's.account_id',
      's.line_id',
      's.enabled',
      's.target',
      's.bot_id',
      's.seat_group_id',
      's.wait_seconds',
      'b.published_version',
      'b.status as bot_status',
    );
  if (!r) return sceneTarget(null);
  return sceneTarget({
    id: Number(r.id),
    accountId: Number(r.account_id),
    lineId: Number(r.line_id),
    enabled: r.enabled,
    target: r.target,
    botId: r.bot_id === null ? null : Number(r.bot_id),
    botVersion:
      r.published_version !== null && r.bot_status === 'online' ? Number(r.published_version) : null,
    seatGroupId: r.seat_group_id === null ? null : Number(r.seat_group_id),
    waitSeconds: Number(r.wait_seconds),
  });
}
