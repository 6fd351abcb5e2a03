/**
 * Which tables this process writes, as it writes them: a Kysely plugin that looks at each insert,
 * update, delete or merge before it runs and tells its listeners the table names (as the database
 * spells them, after the camel-case plugin). Caches of hot reads (http/read-cache.ts) use it to drop
 * what a write made stale, without each write path having to remember every cache.
 *
 * What it cannot see: raw `sql` writes (only migrations use them, before any cache exists) and other
 * processes' writes. Those arrive through Redis when it is configured (write-relay.ts); caches bound
 * the rest with a short lifetime.
 */
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

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

export class WriteWatch implements KyselyPlugin {
  private listeners = new Set<WriteListener>();
  /** Tables some cache reads: the only writes worth telling other processes about. */
  readonly watchedTables = new Set<string>();

  /** Calls `listener` with the tables of every write from now on; answers how to stop. */
  onWrite(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Declares tables whose writes matter to a cache in this process (and so in its peers). */
  watch(tables: readonly string[]): void {
    for (const table of tables) this.watchedTables.add(table);
  }

  /** Another process wrote these tables. */
  applyRemote(tables: readonly string[]): void {
    this.notify(tables, 'remote');
  }

  private notify(tables: readonly string[], origin: WriteOrigin) {
    for (const listener of this.listeners) listener(tables, origin);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.listeners.size > 0) {
      const tables = writtenTables(args.node);
      if (tables.length > 0) this.notify(tables, 'local');
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
