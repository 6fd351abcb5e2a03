/**
 * Queries on hot paths built and compiled once, then run with new values. Building a Kysely query
 * and compiling it (the builder's frozen nodes, the camel-case plugin's copy of the whole tree, the
 * compiler's walk) was about a third of a chat message's CPU (issue 14), for SQL that is the same on
 * every message; only the values change. The driver then finds its prepared statement by that SQL
 * (sqlite-driver.ts).
 *
 *   const userById = compiledOnce((db, p: { id: number }) => db.selectFrom('users').selectAll().where('id', '=', p.id));
 *   const user = await userById.takeFirst(db, { id });
 *
 * The builder runs once per database dialect, with stand-ins for the values: each `p.name` it reads
 * becomes a parameter filled from the values given at each run. So a value must not change the SQL's
 * shape: no lists whose length varies, no null where `is null` would be needed, no branching on a
 * value. Everything else the builder reads is fixed at its first run.
 *
 * The result rows pass Kysely's result plugins (camel-case) as any query's do, and a write is still
 * seen by the write watch (write-watch.ts), which reads the compiled query's operation tree.
 */
import { createQueryId, type Compilable, type Kysely, type RootOperationNode } from 'kysely';
import type { Database } from './schema.ts';

/** Stands in for the value named `name` while the query is built; the compiler keeps it as a parameter. */
class Slot {
  constructor(readonly name: string) {}
}

/** Every property read gives the stand-in of the value of that name. */
const slots = new Proxy({}, { get: (_target, name) => (typeof name === 'string' ? new Slot(name) : undefined) });

interface Template {
  sql: string;
  query: RootOperationNode;
  /** The compiled parameters: a Slot where a value goes, else a constant of the query's own. */
  parameters: readonly unknown[];
}

export interface CompiledOnce<P, O> {
  execute(db: Kysely<Database>, values: P): Promise<O[]>;
  takeFirst(db: Kysely<Database>, values: P): Promise<O | undefined>;
}

export function compiledOnce<P extends Record<string, unknown>, O>(build: (db: Kysely<Database>, values: P) => Compilable<O>): CompiledOnce<P, O> {
  // One template per dialect: a transaction shares its database's adapter, so it finds the same one.
  const templates = new WeakMap<object, Template>();

  function templateFor(db: Kysely<Database>): Template {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      const { sql, query, parameters } = build(db, slots as P).compile();
      template = { sql, query, parameters };
      templates.set(adapter, template);
    }
    return template;
  }

  async function execute(db: Kysely<Database>, values: P): Promise<O[]> {
    const { sql, query, parameters } = templateFor(db);
    const bound = parameters.map((parameter) => {
      if (!(parameter instanceof Slot)) return parameter;
      const value = values[parameter.name];
      if (value === undefined) throw new TypeError(`compiledOnce: no value for ${parameter.name}`);
      return value;
    });
    const result = await db.executeQuery<O>({ sql, query, parameters: bound, queryId: createQueryId() });
    return result.rows;
  }

  return {
    execute,
    takeFirst: async (db, values) => (await execute(db, values))[0],
  };
}

/** A builder that can also run itself (every Kysely query builder). */
type Runnable<O> = Compilable<O> & { execute(): Promise<O[]> };

/**
 * A statement over a list of rows whose length varies (a batch of votes' awards, the people they paid),
 * built anew for a batch and compiled once for the single row most calls bring (one chat message's award,
 * one person's points). `build` must read each row's fields by name (`rows.map((r) => ({ userId: r.userId }))`)
 * and take what all rows share from `shared`.
 */
export function compiledForOne<Row extends Record<string, unknown>, O, Shared extends Record<string, unknown> = Record<never, never>>(
  build: (db: Kysely<Database>, rows: readonly Row[], shared: Shared) => Runnable<O>,
): (db: Kysely<Database>, rows: readonly Row[], shared?: Shared) => Promise<O[]> {
  const one = compiledOnce((db, p: Row & Shared) => build(db, [p], p));
  return (db, rows, shared = {} as Shared) => (rows.length === 1 ? one.execute(db, { ...rows[0]!, ...shared }) : build(db, rows, shared).execute());
}
