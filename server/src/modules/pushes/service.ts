// Push rules: addresses (checked against the SSRF guard when saved), secrets shown once, the test
// push, manual retries, and the platform switch only the super administrator changes.
import { decryptSecret, encryptSecret } from '../../../../platform/secrets';
import type { PushAddressWithSecret, TestPushResult } from '../../../../domain/pushes';
import type { Deps } from '../../deps';
import { badRequest, fieldError, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/sessions';
import { wakeSender } from './deliver';
import { checkTarget, pushPolicy, TargetRefused, type Target } from './guard';
import { samplePayload } from './payload';
import * as repo from './repo';
import type { AddressBody } from './schema';
import { postJson } from './send';
import { newPushSecret, signedHeaders } from './sign';
import { isUniqueViolation } from '../../lib/pgErrors';

/** The save-time check: a clear field error instead of a push that can never be delivered. */
async function checkUrl(deps: Deps, url: string): Promise<Target> {
  try {
    return await checkTarget(url, await pushPolicy(deps.db));
  } catch (e) {
    if (!(e instanceof TargetRefused)) throw e;
    if (e.why === 'blocked') throw fieldError('url', 'pushes.blockedTarget', { address: e.address });
    if (e.why === 'unresolvable') throw fieldError('url', 'pushes.unresolvable');
    if (e.why === 'port') throw fieldError('url', 'outbound.port');
    throw fieldError('url', 'pushes.url');
  }
}

const duplicateName = () => fieldError('name', 'duplicateName', {}, 409);

export async function createAddress(
  deps: Deps,
  auth: AuthContext,
  v: AddressBody,
): Promise<PushAddressWithSecret> {
  await checkUrl(deps, v.url);
  const secret = newPushSecret();
  try {
    const address = await repo.insertAddress(
      deps.db,
      auth.actor,
      v,
      encryptSecret(deps.config.secretKey, secret),
    );
    return { address, secret };
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicateName();
    throw e;
  }
}

export async function updateAddress(deps: Deps, auth: AuthContext, id: number, v: AddressBody) {
  const before = await repo.findAddress(deps.db, auth.actor, id);
  if (!before) throw notFound();
  if (before.url !== v.url) await checkUrl(deps, v.url);
  try {
    const a = await repo.updateAddress(deps.db, auth.actor, id, v);
    if (!a) throw notFound();
    return a;
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicateName();
    throw e;
  }
}

export async function removeAddress(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  if (!(await repo.deleteAddress(deps.db, auth.actor, id))) throw notFound();
}

export async function rotateSecret(
  deps: Deps,
  auth: AuthContext,
  id: number,
): Promise<PushAddressWithSecret> {
  const secret = newPushSecret();
  const address = await repo.rotateAddressSecret(
    deps.db,
    auth.actor,
    id,
    encryptSecret(deps.config.secretKey, secret),
  );
  if (!address) throw notFound();
  return { address, secret };
}

/** Posts a sample payload to the address, signed with its secret, and reports the answer. */
export async function testPush(deps: Deps, auth: AuthContext, id: number): Promise<TestPushResult> {
  const row = await repo.findAddress(deps.db, auth.actor, id);
  if (!row) throw notFound();
  const pushId = `push:test:${id}:${Date.now()}`;
  const body = JSON.stringify(samplePayload(pushId, row.params));
  let target: Target;
  try {
    target = await checkTarget(row.url, await pushPolicy(deps.db));
  } catch (e) {
    if (!(e instanceof TargetRefused)) throw e;
    return { ok: false, status: null, error: e.message };
  }
  const secret = decryptSecret(deps.config.secretKey, row.secret_enc);
  const r = await postJson(
    target,
    body,
    { ...row.headers, ...signedHeaders(secret, pushId, body) },
    deps.config.pushes.timeoutMs,
  );
  return { ok: r.status !== null && r.status >= 200 && r.status < 300, status: r.status, error: r.error };
}

export async function taskSecret(deps: Deps, auth: AuthContext) {
  const row = await repo.taskSecretRow(deps.db, auth.actor.id);
  return { set: Boolean(row), rotatedAt: row ? new Date(row.rotated_at).toISOString() : null };
}

export async function rotateTaskSecret(deps: Deps, auth: AuthContext) {
  const secret = newPushSecret();
  const at = await repo.setTaskSecret(deps.db, auth.actor.id, encryptSecret(deps.config.secretKey, secret));
  return { secret, rotatedAt: new Date(at).toISOString() };
}

export async function retryDelivery(deps: Deps, auth: AuthContext, id: number) {
  const d = await repo.findDelivery(deps.db, auth.actor, id);
  if (!d) throw notFound();
  if (d.status === 'delivered') throw badRequest('pushes.notRetryable');
  if (!(await repo.resetForRetry(deps.db, id))) throw badRequest('pushes.notRetryable');
  await wakeSender(deps, d.callId, `retry-${id}`);
  return (await repo.findDelivery(deps.db, auth.actor, id))!;
}

export async function platform(deps: Deps, auth: AuthContext) {
  return { allowPrivateTargets: await repo.allowPrivateTargets(deps.db), canChange: auth.actor.level === 0 };
}

export async function setPlatform(deps: Deps, auth: AuthContext, allow: boolean) {
  if (auth.actor.level !== 0) throw forbidden('pushes.superOnly');
  await repo.setAllowPrivateTargets(deps.db, auth.actor, allow);
  return platform(deps, auth);
}
