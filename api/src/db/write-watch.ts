/**
 * Which tables this process writes, once the writes are visible: a wrapper around the Kysely dialect
 * whose connections look at each insert, update, delete or merge they run and tell the WriteWatch's
 * listeners the table names (as the database spells them, after the camel-case plugin). Caches of hot
 * reads (http/read-cache.ts) use it to drop what a write made stale, without each write path having to
 * remember every cache.
 *
 * A write outside a transaction is told when its statement has run; a write inside one is told when
 * the transaction commits, and never when it rolls back. Told any earlier, a read on another connection
 * (a Postgres pool, or another API process through write-relay.ts) could still see the old rows and be
 * kept as fresh for a cache's whole lifetime.
 *
 * What it cannot see: raw `sql` writes (only migrations use them, before any cache exists) and other
 * processes' writes. Those arrive through Redis when it is configured (write-relay.ts); caches bound
 * the rest with a short lifetime.
 */
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  OperationNode,
  QueryCompiler,
  QueryResult,
  RootOperationNode,
  TransactionSettings,
} from 'kysely';

/** `remote`: another API process wrote these tables (write-relay.ts). */
export type WriteOrigin = 'local' | 'remote';
type WriteListener = (tables: readonly string[], origin: WriteOrigin) => void;

/** The table of a TableNode, or of an AliasNode around one. */
function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  return null;
}

/** The tables a query writes: none for reads. */
export function writtenTables(node: RootOperationNode): string[] {
  const names: (string | null)[] = [];
  switch (node.kind) {
    case 'InsertQueryNode':
    case 'MergeQueryNode':
      names.push(tableName(node.into));
      break;
    case 'UpdateQueryNode':
      names.push(tableName(node.table));
      break;
    case 'DeleteQueryNode':
      for (const from of node.from.froms) names.push(tableName(from));
      break;
    default:
      break;
  }
  return names.filter((n): n is string => n !== null);
}

export class WriteWatch {
  private listeners = new Set<WriteListener>();
  /** Tables some cache reads: the only writes worth telling other processes about. */
  readonly watchedTables = new Set<string>();

  /** Calls `listener` with the tables of every write from now on; answers how to stop. */
  onWrite(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listened(): boolean {
    return this.listeners.size > 0;
  }

  /** Declares tables whose writes matter to a cache in this process (and so in its peers). */
  watch(tables: readonly string[]): void {
    for (const table of tables) this.watchedTables.add(table);
  }

  /** This process's writes to these tables are now visible to every connection. */
  applyLocal(tables: readonly string[]): void {
    this.notify(tables, 'local');
  }

  /** Another process wrote these tables. */
  applyRemote(tables: readonly string[]): void {
    this.notify(tables, 'remote');
  }

  private notify(tables: readonly string[], origin: WriteOrigin) {
    for (const listener of this.listeners) listener(tables, origin);
  }
}

/** A connection that notes the tables its statements write, and tells them once they are committed. */
class WatchedConnection implements DatabaseConnection {
  /** Tables written since the transaction began; null outside a transaction. */
  private uncommitted: Set<string> | null = null;

  constructor(
    readonly inner: DatabaseConnection,
    private writes: WriteWatch,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(compiled);
    const tables = this.writes.listened ? writtenTables(compiled.query) : [];
    if (this.uncommitted) for (const table of tables) this.uncommitted.add(table);
    else if (tables.length > 0) this.writes.applyLocal(tables);
    return result;
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }

  began() {
    this.uncommitted = new Set();
  }

  /** Committed: what the transaction wrote is visible now. */
  committed() {
    const tables = this.uncommitted;
    this.uncommitted = null;
    if (tables && tables.size > 0) this.writes.applyLocal([...tables]);
  }

  rolledBack() {
    this.uncommitted = null;
  }
}

class WatchedDriver implements Driver {
  /** One wrapper per pooled connection, so Kysely sees the same object each time it gets it back. */
  private wrappers = new WeakMap<DatabaseConnection, WatchedConnection>();

  constructor(
    private inner: Driver,
    private writes: WriteWatch,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(connection);
    if (!wrapper) {
      wrapper = new WatchedConnection(connection, this.writes);
      this.wrappers.set(connection, wrapper);
    }
    return wrapper;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const watched = connection as WatchedConnection;
    await this.inner.beginTransaction(watched.inner, settings);
    watched.began();
  }

  async commitTransaction(connection: DatabaseConnection) {
    const watched = connection as WatchedConnection;
    await this.inner.commitTransaction(watched.inner);
    watched.committed();
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const watched = connection as WatchedConnection;
    watched.rolledBack();
    await this.inner.rollbackTransaction(watched.inner);
  }

  // Savepoints pass through: what a transaction wrote is told at its commit, savepoints or not (a
  // table written and then rolled back to a savepoint costs a cache one recomputation, never a stale answer).
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.required('savepoint')((connection as WatchedConnection).inner, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.required('rollbackToSavepoint')((connection as WatchedConnection).inner, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.required('releaseSavepoint')((connection as WatchedConnection).inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  destroy() {
    return this.inner.destroy();
  }

  private required(method: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint') {
    const fn = this.inner[method];
    if (!fn) throw new Error(`The \`${method}\` method is not supported by this driver`);
    return fn.bind(this.inner);
  }
}

/** `dialect` with its writes told to `writes` as they become visible. */
export function watchWrites(dialect: Dialect, writes: WriteWatch): Dialect {
  const watched: Dialect = {
    createDriver: () => new WatchedDriver(dialect.createDriver(), writes),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
  return watched;
}
