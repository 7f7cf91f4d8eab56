import { type Kysely, sql } from 'kysely';

import type { MigrationFactory } from './index.ts';

/**
 * A million users in one organisation. First, the organisation's users counted per status in
 * `user_counts`, kept by triggers on users, so the /users list's total, the dashboard's account figures
 * and the tier's user limit read at most five rows instead of counting the organisation's users (an
 * index-only count of a million entries is over 100 ms on PostgreSQL). Triggers rather than application
 * code, so that every write is counted: invitations, sign-ups, SCIM, imports, status changes, deletions
 * and an organisation's cascade.
 *
 * PostgreSQL counts an insert or a delete once per statement (from its transition table, so a bulk
 * insert touches each counter once, not once per row), and a status change per row only when the status
 * changes (the WHEN clause is checked without calling the function, so the frequent updates of sign-in
 * times cost nothing). The two counters of a change are written in status order, so two changes cannot
 * wait on each other's counters. SQLite, which has row triggers only, writes its counters in place.
 * A deletion's decrement is an update (the counter exists: the user was counted), never an insert, so a
 * user deleted by an organisation's cascade cannot recreate a counter of a deleted organisation.
 *
 * Second, the search's name indexes end with the email (users/store.ts listUsers).
 */
export const userCountsAndSearch: MigrationFactory = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_counts')
      .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_counts_pk', ['organisation_id', 'status'])
      .execute();

    if (dialect === 'postgres') {
      await sql`create function gatehouse_users_counted_insert() returns trigger language plpgsql as $$
        begin
          insert into user_counts as c (organisation_id, status, count)
            select organisation_id, status, count(*) from new_rows group by organisation_id, status order by organisation_id, status
            on conflict (organisation_id, status) do update set count = c.count + excluded.count;
          return null;
        end $$`.execute(db);
      await sql`create function gatehouse_users_counted_delete() returns trigger language plpgsql as $$
        begin
          update user_counts as c set count = c.count - d.n
            from (select organisation_id, status, count(*) as n from old_rows group by organisation_id, status) as d
            where c.organisation_id = d.organisation_id and c.status = d.status;
          return null;
        end $$`.execute(db);
      await sql`create function gatehouse_users_counted_update() returns trigger language plpgsql as $$
        begin
          insert into user_counts as c (organisation_id, status, count)
            select * from (values (old.organisation_id, old.status, -1), (new.organisation_id, new.status, 1)) as v
            order by 1, 2
            on conflict (organisation_id, status) do update set count = c.count + excluded.count;
          return null;
        end $$`.execute(db);
      await sql`create trigger users_counted_insert after insert on users referencing new table as new_rows
        for each statement execute function gatehouse_users_counted_insert()`.execute(db);
      await sql`create trigger users_counted_delete after delete on users referencing old table as old_rows
        for each statement execute function gatehouse_users_counted_delete()`.execute(db);
      await sql`create trigger users_counted_update after update of status, organisation_id on users for each row
        when (old.status is distinct from new.status or old.organisation_id is distinct from new.organisation_id)
        execute function gatehouse_users_counted_update()`.execute(db);
    } else {
      await sql`create trigger users_counted_insert after insert on users begin
        insert into user_counts (organisation_id, status, count) values (new.organisation_id, new.status, 1)
          on conflict (organisation_id, status) do update set count = count + 1;
      end`.execute(db);
      await sql`create trigger users_counted_delete after delete on users begin
        update user_counts set count = count - 1 where organisation_id = old.organisation_id and status = old.status;
      end`.execute(db);
      await sql`create trigger users_counted_update after update of status, organisation_id on users
        when old.status is not new.status or old.organisation_id is not new.organisation_id begin
        update user_counts set count = count - 1 where organisation_id = old.organisation_id and status = old.status;
        insert into user_counts (organisation_id, status, count) values (new.organisation_id, new.status, 1)
          on conflict (organisation_id, status) do update set count = count + 1;
      end`.execute(db);
    }

    // The /users search's name indexes (migration 0009) gain the email: within one name they are then in
    // the list's order, so a name's first page is read from the index without sorting its every match.
    const c = dialect === 'postgres' ? sql` collate "C"` : sql``;
    for (const column of ['first_name_search', 'surname_search'] as const) {
      await sql`create index ${sql.raw(`users_${column}_email`)} on users (organisation_id, ${sql.ref(column)}${c}, email${c})`.execute(db);
      await sql`drop index ${sql.raw(`users_${column}`)}`.execute(db);
    }

    // The users already there (in the migration's transaction on PostgreSQL, so none is missed or counted twice).
    await sql`insert into user_counts (organisation_id, status, count)
      select organisation_id, status, count(*) from users group by organisation_id, status`.execute(db);
  },
});
