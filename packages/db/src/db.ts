import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { floatArrayParams } from './float-params.mjs';
import type { MessagePort } from 'node:worker_threads';
import { openPgliteThread, pgliteOnPort } from './pglite-thread.js';
import { createDataDirApart, pgliteOptions } from './pglite-memory.js';
import { settingStatements } from './settings.js';

/**
 * What a repository needs: run SQL, get plain rows. A Float64Array parameter is a float8[] (`$1::float8[]`, cast
 * in SQL where integers are meant) in which NaN stands for NULL: thousands of numbers go to the embedded database's
 * thread as one copied buffer, where a JavaScript array is cloned element by element on the event loop, and to
 * PostgreSQL in its binary form (float-params.mjs).
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs one statement in a transaction of its own with settings local to it (`SET LOCAL name = value`, e.g.
   * planner switches). On PGlite the whole transaction is one message to the database thread, so it never waits
   * on the event loop between its steps (nor holds PGlite's one connection while the event loop is busy).
   */
  queryWith<T = Record<string, unknown>>(settings: Record<string, string>, sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * The embedded database only: the payload of every NOTIFY on `channel` (a trigger's pg_notify), each handed to
   * `onPayload` before the reply of the statement whose commit sent it, so what this process reads after a write
   * never predates the write's notices. Absent on a PostgreSQL server, where other processes write too and their
   * notices come later than their commits.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<void>;
  /** The same database for another thread of this process (openShared there); to be sent in a postMessage's transfer list. */
  share(): Promise<DbShare>;
  close(): Promise<void>;
}

/**
 * What another thread needs to reach the database: a PostgreSQL server's address (it opens a small pool of its own),
 * or a port to the embedded database's thread (its statements then never pass through this thread's event loop).
 */
export type DbShare = { kind: 'postgres'; url: string; schema?: string } | { kind: 'pglite'; port: MessagePort };

/** The database another thread shared (Db.share), with a pool of `maxConnections` for a server. */
export async function openShared(share: DbShare, maxConnections = 2): Promise<Db> {
  return share.kind === 'postgres' ? openPostgres(share.url, { schema: share.schema, maxConnections }) : pgliteOnPort(share.port);
}

export interface OpenOptions {
  /** postgres://... : a PostgreSQL server. Absent: embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; absent means in memory (tests). */
  dataDir?: string;
  /** PGlite in memory: a tar of a data folder (dumpDataDir) to start from instead of a new database (tests' template). */
  template?: string;
  /** PostgreSQL schema to work in (created if missing); tests use one each. */
  schema?: string;
  /** Pool size for a server. */
  maxConnections?: number;
}

/** Raised when the database cannot be reached; the api answers 503 for it. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('Database unavailable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

// Connection-level failures from node-postgres / the server (class 08, 57P0x admin shutdown, 53300 too many).
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '53300']);
function isUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: string }).code ?? '';
  const message = String((err as { message?: string }).message ?? '');
  return (
    UNAVAILABLE_CODES.has(code) ||
    code.startsWith('08') ||
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)
  );
}
function wrap(err: unknown): never {
  throw isUnavailable(err) ? new DatabaseUnavailableError(err) : err;
}

export async function openDb(options: OpenOptions = {}): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}

async function openPglite({ dataDir, schema, template }: OpenOptions): Promise<Db> {
  const options = pgliteOptions();
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    await createDataDirApart(dataDir, options);
  }
  return openPgliteThread({ dataDir, schema, options, template });
}

async function openPostgres(url: string, { schema, maxConnections = 10 }: OpenOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: 3000,
    // a query that hangs on a dead server must fail fast so the api can answer 503
    query_timeout: 15000,
    options: schema ? `-c search_path="${schema}"` : undefined,
  });
  // an idle client losing its server must not crash the process
  pool.on('error', () => {});
  if (schema) {
    const c = await pool.connect().catch(wrap);
    try {
      await c.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      c.release();
    }
  }
  const db: Db = {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      try {
        return (await pool.query(sql, floatArrayParams(params))).rows as T[];
      } catch (err) {
        return wrap(err);
      }
    },
    async tx<T>(fn: (q: Queryable) => Promise<T>) {
      const client = await pool.connect().catch(wrap);
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<R>(sql: string, params: unknown[] = []) {
            return (await client.query(sql, floatArrayParams(params))).rows as R[];
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        return wrap(err);
      } finally {
        client.release(broken);
      }
    },
    queryWith<T>(settings: Record<string, string>, sql: string, params: unknown[] = []) {
      return db.tx(async (q) => {
        for (const statement of settingStatements(settings)) await q.query(statement);
        return q.query<T>(sql, params);
      });
    },
    async share() {
      return { kind: 'postgres', url, schema };
    },
    async close() {
      await pool.end();
    },
  };
  return db;
}
