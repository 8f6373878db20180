import type { CreateTableBuilder, Kysely } from "kysely";

/** A column's SQL type as a migration writes it: "text", "bigint", "double precision", … */
type ColumnType = Parameters<CreateTableBuilder<string>["addColumn"]>[1];

/**
 * Columns that must have a value, added in the order written. Most of a table's columns are
 * plain required ones, so a migration lists them by name and type,
 * `.$call(notNull({ code: "text", seen_at: "bigint" }))`, and spells out only the columns with
 * more to them (keys, references, defaults, nullable ones). Each is added exactly as
 * `.addColumn(name, type, (c) => c.notNull())` adds it: a migration that already ran on a
 * database runs the same SQL whichever way it is written.
 */
export function notNull(columns: Record<string, ColumnType>) {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>): CreateTableBuilder<TB, string> =>
    Object.entries(columns).reduce<CreateTableBuilder<TB, string>>(
      (t, [name, type]) => t.addColumn(name, type, (c) => c.notNull()),
      table,
    );
}

/** A new table keyed by a text `id`, the key most tables have; its other columns follow. */
export const createTableWithId = (db: Kysely<unknown>, name: string) =>
  db.schema.createTable(name).addColumn("id", "text", (c) => c.primaryKey());
