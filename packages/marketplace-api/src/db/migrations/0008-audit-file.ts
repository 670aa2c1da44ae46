import type { Dialect } from '@mostrador/server-kit/store';
import { type Kysely, sql } from 'kysely';

/**
 * The personal-data access log's table in the audit database (decision 0086). The log takes a row for nearly every
 * read; kept in the main file, each of its commits made every reader drop its page cache (a reader in WAL mode
 * starts afresh whenever the log file changed), so reads cost several times more while the log was written.
 */
export async function createAuditTables<DB>(db: Kysely<DB>): Promise<void> {
  await sql`create table if not exists audit.personal_data_access_log (
    accessor_user_id bigint not null,
    application_id bigint not null,
    subject_user_id bigint not null,
    accessed_at bigint not null,
    resource text not null,
    fields text not null,
    operator_user_id bigint
  )`.execute(db);
  // Appends only: the one index follows the reader and time, which grow together (0002).
  await sql`create index if not exists audit.personal_data_access_log_accessor
    on personal_data_access_log (accessor_user_id, accessed_at)`.execute(db);
}

/** SQLite: moves the log out of the main file into the attached `audit` database. PostgreSQL keeps it. */
export function m0008(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await createAuditTables(db);
      await sql`insert into audit.personal_data_access_log
        (accessor_user_id, application_id, subject_user_id, accessed_at, resource, fields, operator_user_id)
        select accessor_user_id, application_id, subject_user_id, accessed_at, resource, fields, operator_user_id
        from main.personal_data_access_log`.execute(db);
      await sql`drop table main.personal_data_access_log`.execute(db);
    },
  };
}
