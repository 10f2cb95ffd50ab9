import type { DB } from "../platform/db/db.server.ts";
import { newId, now } from "../platform/db/dialect.ts";

export interface AuditEvent {
  id: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  subject: string;
  detail: string | null;
  createdAt: string;
}

/** Every admin write is written here: who, what, when. */
export async function recordAudit(
  db: DB,
  actor: { id: string | null; email: string | null },
  action: string,
  subject: string,
  detail?: string,
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: newId(),
      actor_id: actor.id,
      actor_email: actor.email,
      action,
      subject,
      detail: detail ?? null,
      created_at: now(),
    })
    .execute();
}

export async function latestAudit(db: DB, limit = 20): Promise<AuditEvent[]> {
  const rows = await db
    .selectFrom("audit_log")
    .selectAll()
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    action: r.action,
    subject: r.subject,
    detail: r.detail,
    createdAt: r.created_at,
  }));
}
