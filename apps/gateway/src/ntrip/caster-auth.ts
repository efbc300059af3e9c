import type { Queryable } from '@smi/db';
import { type SecretVerifier, devicesRepository, type DeviceRecord } from '@smi/devices';
import { ntripAccess, type Requester } from '@smi/ntrip';
import type { AuthThrottle } from './auth-throttle.js';
import type { NtripRequest } from './request.js';

/** What a session was let in with: checked again when something it depends on changes (a new secret, a revoke). */
export type SessionAuth =
  | { kind: 'rover'; code: string; ownerId: string; hash: string }
  | { kind: 'user'; username: string; userId: string; projectId: string | null; hash: string }
  | { kind: 'base'; code: string; ownerId: string; hash: string };

export const requesterOf = (a: Exclude<SessionAuth, { kind: 'base' }>): Requester =>
  a.kind === 'rover' ? { kind: 'rover', code: a.code, ownerId: a.ownerId } : { kind: 'user', userId: a.userId, username: a.username, projectId: a.projectId };

/**
 * The hash a device logs in to the caster with: its own NTRIP password's when its owner made one (then its MQTT
 * secret is no NTRIP login: plain NTRIP carries it in the clear), else its MQTT secret's; null when it may not log in
 * at all (unclaimed, or with neither: removed), checked like a missing one.
 */
export const ntripLoginHash = (d: DeviceRecord | null): string | null => (d?.claimed ? (d.ntripSecretHash ?? d.secretHash) : null);

/**
 * Who an NTRIP request is. A login looks up every kind of login its name could be; a secret that passed before for
 * that hash gets in at once (no hash round: nothing to throttle, so a base is never kept out by wrong guesses of its
 * own code). Any other goes through the throttle (per address, before any hash) and checks exactly one bcrypt hash
 * whether or not the name exists (a missing one is checked against a hash of nobody's secret): how long a refusal
 * takes says nothing of which codes exist.
 */
/** The device of this code when it is of this type (a rover pulls, a base pushes); null otherwise. */
export async function deviceOfType(q: Queryable, code: string, type: 'rover' | 'base') {
  const d = await devicesRepository.byCode(q, code);
  return d && d.type === type ? d : null;
}

export function casterAuth(o: { db: Queryable; verifier: Pick<SecretVerifier, 'remembers'> & ((hash: string | null, password: Buffer) => Promise<boolean>); throttle: AuthThrottle }) {
  const verify = (hash: string | null, password: Buffer) => o.throttle.hashing(() => o.verifier(hash, password));

  return {
    /** The rover or NTRIP credential a GET's Basic login names; null when refused (or no login was given). */
    async puller(r: NtripRequest, address: string, gone: () => boolean): Promise<Exclude<SessionAuth, { kind: 'base' }> | null> {
      if (!r.basic) return null;
      const { user } = r.basic;
      const password = Buffer.from(r.basic.password, 'utf8');
      let found: Exclude<SessionAuth, { kind: 'base' }> | null = null;
      const [rover, cred] = await Promise.all([deviceOfType(o.db, user, 'rover'), ntripAccess.userCredential(o.db, user)]);
      const roverHash = ntripLoginHash(rover);
      if (roverHash && o.verifier.remembers(roverHash, password)) return { kind: 'rover', code: rover!.code, ownerId: rover!.ownerId, hash: roverHash };
      if (cred && o.verifier.remembers(cred.secretHash, password)) return { kind: 'user', username: user, userId: cred.userId, projectId: cred.projectId, hash: cred.secretHash };
      await o.throttle.attempt(address, user, gone, async () => {
        // a device code and a credential's user name never shadow each other: each is tried with its own secret
        if (roverHash && (await verify(roverHash, password))) found = { kind: 'rover', code: rover!.code, ownerId: rover!.ownerId, hash: roverHash };
        else if (cred && (await verify(cred.secretHash, password)))
          found = { kind: 'user', username: user, userId: cred.userId, projectId: cred.projectId, hash: cred.secretHash };
        else if (!roverHash && !cred) await verify(null, password);
        return found !== null;
      });
      return found;
    },

    /** The base a SOURCE (NTRIP 1, its secret) or POST (NTRIP 2, Basic with the code) pushes as; null when refused. */
    async pusher(r: NtripRequest, address: string, gone: () => boolean): Promise<(SessionAuth & { kind: 'base' }) | null> {
      let secret: string | undefined;
      if (r.method === 'SOURCE') secret = r.sourceSecret;
      else if (r.basic && r.basic.user === r.mount) secret = r.basic.password;
      if (!r.mount || secret === undefined) return null;
      const password = Buffer.from(secret, 'utf8');
      let found: (SessionAuth & { kind: 'base' }) | null = null;
      const base = await deviceOfType(o.db, r.mount, 'base');
      const hash = ntripLoginHash(base);
      if (hash && o.verifier.remembers(hash, password)) return { kind: 'base', code: base!.code, ownerId: base!.ownerId, hash };
      await o.throttle.attempt(address, r.mount, gone, async () => {
        if ((await verify(hash, password)) && hash) found = { kind: 'base', code: base!.code, ownerId: base!.ownerId, hash };
        return found !== null;
      });
      return found;
    },
  };
}
