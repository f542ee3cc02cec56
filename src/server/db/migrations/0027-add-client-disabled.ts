import type { Kysely } from 'kysely';

/**
 * A client the host has switched off (issue 38, `npm run client -- disable CODE`,
 * docs/decisions/0071-onboarding-a-business.md): when, or null while it serves. A column, not a
 * field of the record, because the seed rewrites the host's fields of a seed client's record on
 * every start and would switch it back on.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema builder on an untyped database
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').addColumn('disabled_at', 'varchar(32)').execute();
}
