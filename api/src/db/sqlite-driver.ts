/**
 * Kysely's SQLite dialect with a driver of our own, for two costs that showed in profiles of chat and
 * vote storms (issue 14):
 *
 * - Statements are prepared once. better-sqlite3's `prepare` parses and plans the SQL every time, and
 *   Kysely's driver calls it for every query; the same few hundred statements run all day, so they are
 *   kept (bounded; the oldest go first).
 * - Waiters queue in order. SQLite has one connection; Kysely's driver guards it with a mutex whose
 *   waiters all wake at each release and all but one go back to sleep, which is quadratic in the
 *   number of waiting queries under a burst. Here each release hands the connection to the next waiter.
 *
 * Everything else (compiler, adapter, introspector, the SQL sent) is Kysely's.
 */
import type SQLite from 'better-sqlite3';
import { CompiledQuery, SelectQueryNode, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

/** Distinct statements kept; the app has a few hundred. */
const STATEMENT_CACHE_SIZE = 1000;

class CachedStatements {
  private statements = new Map<string, SQLite.Statement>();

  constructor(private db: SQLite.Database) {}

  get(sql: string): SQLite.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

class SqliteConnection implements DatabaseConnection {
  constructor(
    private db: SQLite.Database,
    private statements: CachedStatements,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.statements.get(compiled.sql);
    const parameters = compiled.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    // A statement being iterated is busy until the end: streams get one of their own.
    for (const row of this.db.prepare(compiled.sql).iterate(compiled.parameters as unknown[])) yield { rows: [row as R] };
  }
}

/** The one connection, handed to waiters in the order they asked. */
class ConnectionQueue {
  private busy = false;
  private waiting: (() => void)[] = [];

  async acquire(): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }
}

class QueuedSqliteDriver implements Driver {
  private queue = new ConnectionQueue();
  private connection: SqliteConnection;

  constructor(private db: SQLite.Database) {
    this.connection = new SqliteConnection(db, new CachedStatements(db));
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.queue.acquire();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection) {
    // IMMEDIATE takes the write lock up front, waiting out busy_timeout. A deferred transaction that reads
    // first fails at once (SQLITE_BUSY_SNAPSHOT) when another process committed meanwhile, which the API
    // processes of a cluster sharing one file would do. In one process transactions are queued anyway.
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection() {
    this.queue.release();
  }

  async destroy() {
    this.db.close();
  }
}

export class QueuedSqliteDialect extends SqliteDialect {
  constructor(private sqlite: SQLite.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new QueuedSqliteDriver(this.sqlite);
  }
}
