// The accounts' own columns that the Users screen changes (better-auth's `user` table): each an
// update that moves the row only if it is not already in the state asked for, so that, in one
// transaction with its audit line, the same change sent many times at once happens once.
import type { DB } from "../platform/db/db.server.ts";
import type { MigrationDialect } from "../platform/db/migrations/index.ts";

/** Give the account this role unless it has it; whether the row changed. */
export async function claimRole(db: DB, userId: string, role: string): Promise<boolean> {
  const result = await db
    .updateTable("user")
    .set({ role })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("role", "is", null), eb("role", "!=", role)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Mark the account disabled (better-auth's `banned`) or enabled unless it is so already; whether
 * the row changed. SQLite keeps the flag as 1/0, PostgreSQL as a boolean.
 */
export async function claimDisabled(
  db: DB,
  dialect: MigrationDialect,
  userId: string,
  disabled: boolean,
): Promise<boolean> {
  const [on, off] = dialect === "sqlite" ? [1, 0] : [true, false];
  const result = await db
    .updateTable("user")
    .set({ banned: disabled ? on : off })
    .where("id", "=", userId)
    .where((eb) =>
      disabled ? eb.or([eb("banned", "is", null), eb("banned", "=", off)]) : eb("banned", "=", on),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
