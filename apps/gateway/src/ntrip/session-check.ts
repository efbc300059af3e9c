import type { Queryable } from '@smi/db';
import { ntripAccess, type MountRow } from '@smi/ntrip';
import { deviceOfType, ntripLoginHash, requesterOf, type SessionAuth } from './caster-auth.js';

/** An open pull or push of the caster, with what it was let in with and the stream it is on. */
export interface OpenSession {
  auth: SessionAuth;
  key: string;
}

/**
 * Which open sessions would not be let in now: a device with a new secret (or none: removed), a revoked credential,
 * a stream the requester may no longer pull (a deleted project, one no longer Active, a rover taken out of it). Every
 * login and stream is read once however many sessions share it.
 */
export async function sessionsNoLongerAllowed<S extends OpenSession>(q: Queryable, sessions: readonly S[]): Promise<S[]> {
  const logins = new Map<string, Promise<string | null>>();
  const streams = new Map<string, Promise<MountRow[]>>();
  // the hash a login has now, or null when it has none (a missing device or credential, another owner, unclaimed)
  const hashNow = (a: SessionAuth) => {
    const id = `${a.kind}|${a.kind === 'user' ? a.username : a.code}`;
    let p = logins.get(id);
    if (!p) {
      p =
        a.kind === 'user'
          ? ntripAccess.userCredential(q, a.username).then((c) => (c && c.userId === a.userId ? c.secretHash : null))
          : deviceOfType(q, a.code, a.kind).then((d) => (d && d.ownerId === a.ownerId ? ntripLoginHash(d) : null));
      logins.set(id, p);
    }
    return p;
  };
  const mayPull = (a: Exclude<SessionAuth, { kind: 'base' }>) => {
    const id = `${a.kind}|${a.kind === 'user' ? a.username : a.code}`;
    let p = streams.get(id);
    if (!p) streams.set(id, (p = ntripAccess.mountsFor(q, requesterOf(a))));
    return p;
  };
  const out: S[] = [];
  for (const s of sessions) {
    if ((await hashNow(s.auth)) !== s.auth.hash) out.push(s);
    else if (s.auth.kind !== 'base' && !(await mayPull(s.auth)).some((m) => m.key === s.key)) out.push(s);
  }
  return out;
}
