import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  column: string;
  notNull: boolean;
  hasDefault: boolean;
  table: string;
  tableKind: string;
  schema: string;
  type: string;
  typeSchema: string;
  description: string | null;
  sequence: string | null;
}

/**
 * Kysely's PostgreSQL introspector lists the tables of every schema in the database and asks
 * `pg_get_serial_sequence` about each of their columns; its Migrator asks it, at each start,
 * whether its own two tables exist, and so does migrations.ts. In a database that holds many
 * schemas (a test run keeps one per test file; a production database may hold others) each start
 * then reads them all: the 60th schema's start cost PostgreSQL 1 CPU-second
 * against 0.18 for the first (docs/decisions/0085-introspect-the-search-path.md). This one lists
 * only the schemas the connection's search path names, the only ones its unqualified queries can
 * reach.
 */
export class SearchPathIntrospector implements DatabaseIntrospector {
  readonly #everySchema: PostgresIntrospector;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's introspectors take a database of any shape
  constructor(private readonly db: Kysely<any>) {
    this.#everySchema = new PostgresIntrospector(db);
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return this.#everySchema.getSchemas();
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const kyselyTables = options.withInternalKyselyTables
      ? sql``
      : sql`and c.relname not in (${DEFAULT_MIGRATION_TABLE}, ${DEFAULT_MIGRATION_LOCK_TABLE})`;
    const { rows } = await sql<ColumnRow>`
      select a.attname as "column", a.attnotnull as "notNull", a.atthasdef as "hasDefault",
        c.relname as "table", c.relkind as "tableKind", ns.nspname as "schema",
        typ.typname as "type", typns.nspname as "typeSchema",
        col_description(a.attrelid, a.attnum) as "description",
        pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname)
          as "sequence"
      from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on c.oid = a.attrelid
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        join pg_catalog.pg_type typ on typ.oid = a.atttypid
        join pg_catalog.pg_namespace typns on typns.oid = typ.typnamespace
      where ns.nspname = any (current_schemas(false))
        and c.relkind in ('r', 'v', 'p')
        and a.attnum >= 0 and not a.attisdropped
        ${kyselyTables}
      order by ns.nspname, c.relname, a.attnum`.execute(this.db);
    return tablesOf(rows);
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** Column rows, ordered by schema and table, folded into Kysely's table metadata. */
function tablesOf(rows: ColumnRow[]): TableMetadata[] {
  const tables = new Map<string, TableMetadata & { columns: ColumnMetadata[] }>();
  for (const row of rows) {
    const key = `${row.schema}.${row.table}`;
    let table = tables.get(key);
    if (!table) {
      table = { name: row.table, schema: row.schema, isView: row.tableKind === 'v', columns: [] };
      tables.set(key, table);
    }
    table.columns.push({
      name: row.column,
      dataType: row.type,
      dataTypeSchema: row.typeSchema,
      isNullable: !row.notNull,
      hasDefaultValue: row.hasDefault,
      isAutoIncrementing: row.sequence !== null,
      ...(row.description === null ? {} : { comment: row.description }),
    });
  }
  return [...tables.values()];
}

/** Kysely's PostgreSQL dialect with the introspector above. */
export class SearchPathPostgresDialect extends PostgresDialect {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Dialect.createIntrospector
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SearchPathIntrospector(db);
  }
}
