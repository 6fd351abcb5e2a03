import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { DialectName } from '../dialect.ts';

/** An auto-incrementing integer primary key in either engine. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
