import type pg from 'pg';

/**
 * Row-level security's state of a connection (decision 0030): `null` is the owner, a member of presente_bypass
 * (migrations, jobs, super admin, sign-in, public pages before their token names a company); a company id is
 * presente_tenant with `app.company_id` set, which sees and writes only that company's rows of every table with
 * a company_id column (migration rls_tenant_policies).
 *
 * Every checkout states the state it needs and the connection is switched before its first statement when it
 * was left in another one: a tenant's connection is never used by an owner path or another tenant unswitched,
 * and consecutive requests of one company on one connection pay nothing. The switch is session-level (SET, not
 * SET LOCAL) and always made outside a transaction, so a rollback cannot undo it behind the bookkeeping.
 */
export type Scope = string | null;

export const TENANT_ROLE = 'presente_tenant';
export const BYPASS_ROLE = 'presente_bypass';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One simple-protocol round trip that puts a connection in `scope`. The id is checked as a uuid before it is
 * written into the text (no parameters in a multi-statement query).
 */
export function scopeSql(scope: Scope): string {
  if (scope === null) return `RESET ROLE; SELECT set_config('app.company_id', '', false)`;
  if (!UUID.test(scope)) throw new Error('tenant scope: not a uuid');
  return `SET ROLE ${TENANT_ROLE}; SELECT set_config('app.company_id', '${scope.toLowerCase()}', false)`;
}

const ignore = () => {};

/** The scope each pooled PostgreSQL connection was last put in (absent: a new connection, the owner). */
const pgScope = new WeakMap<pg.PoolClient, Scope>();

/**
 * What drizzle's node-postgres driver receives instead of the pool: the pool's own `connect` and `query`, with
 * each checked-out connection put in `scope` first. Its class name holds "Pool" so drizzle's transactions check
 * out a connection of their own (node-postgres/session.js tests the constructor's name).
 */
export class ScopedPool {
  constructor(
    private readonly pool: pg.Pool,
    readonly scope: Scope,
  ) {}

  async connect(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    if ((pgScope.get(client) ?? null) === this.scope) return client;
    // A checked-out connection has no pool listener: one cut now would be an uncaught 'error' (the query's
    // own rejection carries it).
    client.on('error', ignore);
    try {
      await client.query(scopeSql(this.scope));
      pgScope.set(client, this.scope);
      return client;
    } catch (err) {
      client.release(err as Error); // in an unknown state: destroyed, never reused
      throw err;
    } finally {
      client.removeListener('error', ignore);
    }
  }

  /** As pg-pool's own query: one connection for one statement, destroyed when the statement failed. */
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; drizzle passes a config + values
  async query(...args: any[]): Promise<any> {
    const client = await this.connect();
    client.on('error', ignore);
    try {
      // biome-ignore lint/suspicious/noExplicitAny: as above
      const result = await (client.query as (...a: any[]) => Promise<any>)(...args);
      client.removeListener('error', ignore);
      client.release();
      return result;
    } catch (err) {
      client.removeListener('error', ignore);
      client.release(err as Error);
      throw err;
    }
  }

  get totalCount() {
    return this.pool.totalCount;
  }
  get idleCount() {
    return this.pool.idleCount;
  }
  get waitingCount() {
    return this.pool.waitingCount;
  }
}

/** A bounded cache of the per-company handles (building a drizzle instance walks the whole schema). */
export function perCompany<T>(make: (companyId: string) => T, max = 1000): (companyId: string) => T {
  const made = new Map<string, T>();
  return (companyId) => {
    let handle = made.get(companyId);
    if (!handle) {
      if (!UUID.test(companyId)) throw new Error('tenant scope: not a uuid');
      if (made.size >= max) made.delete(made.keys().next().value as string);
      handle = make(companyId);
      made.set(companyId, handle);
    }
    return handle;
  };
}

/**
 * The two roles of row-level security, made when missing and granted to the connected user (the owner). The
 * migration rls_tenant_policies runs the same; `npm run restore` runs it before pg_restore, because pg_dump
 * does not carry roles and a cluster without them would refuse the dump's policies and grants.
 */
export const RLS_ROLES_SQL = `DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${TENANT_ROLE}') THEN
    BEGIN CREATE ROLE ${TENANT_ROLE} NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${BYPASS_ROLE}') THEN
    BEGIN CREATE ROLE ${BYPASS_ROLE} NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END;
  END IF;
  IF NOT pg_has_role(current_user, '${TENANT_ROLE}', 'MEMBER') THEN EXECUTE format('GRANT ${TENANT_ROLE} TO %I', current_user); END IF;
  IF NOT pg_has_role(current_user, '${BYPASS_ROLE}', 'MEMBER') THEN EXECUTE format('GRANT ${BYPASS_ROLE} TO %I', current_user); END IF;
END $$`;
