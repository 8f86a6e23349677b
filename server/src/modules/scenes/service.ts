// Scene rules: a scene is its owner's (another tree's ids are 404); its name is unique per owner and
// its DID per line (409); its line is one the owner holds and its DID one of that line's numbers (the
// line's DIDs or caller number: 400 otherwise — the worker routes by number and arriving line, so a
// number of someone else's trunk can't be claimed), its bot one the owner may dial with
// (published, enabled, online; the call is answered with the published version current at the time),
// its seat group the owner's or an ancestor's (whose seats take the owner's calls).
import { pathIds } from '../../../../domain/accountPath';
import type { MessageKey } from '../../../../domain/messages';
import type { Deps } from '../../deps';
import { lineNumbers } from '../../../../domain/telephony-config';
import { fieldError, notFound, takenAsConflict } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import { tenantOf } from '../seats/admin/repo';
import { pickerOptions, usableBot, usableLine } from '../tasks/repo';
import { deleteScene, insertScene, listScenes, sceneById, updateScene } from './repo';
import type { SceneBody } from './schema';
import type { Actor } from '../../db/scope';
import type { Knex } from 'knex';

const UNIQUE: Record<string, [string, MessageKey]> = {
  // One scene per number on a line (tenants sharing a line only); a clash says nothing of the scene
  // or tenant holding it (issue 21).
  scenes_line_did_unique: ['did', 'scenes.didUnavailable'],
  scenes_account_id_name_unique: ['name', 'duplicateName'],
};

const unique = <T>(run: () => Promise<T>) => takenAsConflict(run, UNIQUE);

/** Seat groups whose seats take the owner's calls: its own and its ancestors'. */
const servingGroups = (db: Knex, owner: Actor) =>
  db('seat_groups as g')
    .join('accounts as o', 'o.id', 'g.account_id')
    .whereIn('g.account_id', pathIds(owner.path));

/** The numbers (DIDs and caller number) of these lines. */
async function numbersOfLines(db: Knex, ids: number[]): Promise<Map<number, string[]>> {
  const rows = ids.length
    ? await db('sip_lines').whereIn('id', ids).select('id', 'dids', 'caller_number')
    : [];
  return new Map(
    rows.map((r: { id: string; dids: string[]; caller_number: string }) => [
      Number(r.id),
      lineNumbers({ dids: r.dids, callerNumber: r.caller_number }),
    ]),
  );
}

/** The references of the form, checked for the owner; a line, bot or group out of reach is 404. */
async function checkReferences(deps: Deps, owner: Actor, v: SceneBody): Promise<void> {
  const db = deps.db;
  if (!(await usableLine(db, owner, v.lineId))) throw notFound();
  if (!(await numbersOfLines(db, [v.lineId])).get(v.lineId)?.includes(v.did))
    throw fieldError('did', 'scenes.didNotOnLine');
  if (v.target === 'bot' && !(await usableBot(db, owner, v.botId!))) throw notFound();
  if (
    v.target === 'seatGroup' &&
    !(await servingGroups(db, owner).where('g.id', v.seatGroupId!).first('g.id'))
  )
    throw notFound();
}

export const scenesOf = (deps: Deps, auth: AuthContext) => listScenes(deps.db, auth.actor);

export async function createScene(deps: Deps, auth: AuthContext, v: SceneBody) {
  await checkReferences(deps, auth.actor, v);
  const id = await unique(() => insertScene(deps.db, auth.actor.id, v));
  return (await sceneById(deps.db, auth.actor, id))!;
}

export async function editScene(deps: Deps, auth: AuthContext, id: number, v: SceneBody) {
  const scene = await sceneById(deps.db, auth.actor, id);
  if (!scene) throw notFound();
  const owner = await tenantOf(deps.db, scene.accountId);
  if (!owner) throw notFound();
  await checkReferences(deps, owner, v);
  await unique(() => updateScene(deps.db, id, v));
  return (await sceneById(deps.db, auth.actor, id))!;
}

export async function removeScene(deps: Deps, auth: AuthContext, id: number) {
  if (!(await deleteScene(deps.db, auth.actor, id))) throw notFound();
}

/** What the form offers the caller: its lines and bots (as tasks offer them) and serving seat groups. */
export async function sceneOptions(deps: Deps, auth: AuthContext) {
  const { bots, lines } = await pickerOptions(deps.db, auth.actor);
  const groups = await servingGroups(deps.db, auth.actor)
    .orderBy('g.id')
    .limit(500)
    .select('g.id', 'g.name', 'o.account as owner_account');
  // Each line with its numbers: the form offers those as the scene's number.
  const numbers = await numbersOfLines(
    deps.db,
    lines.map((l) => l.id),
  );
  return {
    bots,
    lines: lines.map((l) => ({ ...l, numbers: numbers.get(l.id) ?? [] })),
    groups: groups.map((g: { id: string; name: string; owner_account: string }) => ({
      id: Number(g.id),
      name: g.name,
      ownerAccount: g.owner_account,
    })),
  };
}
