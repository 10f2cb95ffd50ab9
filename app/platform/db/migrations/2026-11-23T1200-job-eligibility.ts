import type { Kysely } from "kysely";

/**
 * Jobs gain structured eligibility (issue 12): how the maximum age is read and a relaxation table
 * per category. Jobs saved before had only a free-text relaxation, so each gets the central
 * rules written out — the same table a new job's form starts with — and the rule "must not have
 * attained the maximum". Editors see and correct both in the form; a job whose data already has
 * a table is left alone. Frozen here: a migration must not change when the app's defaults do.
 */
const CENTRAL = [
  { category: "general", years: 0, pwbdYears: 10 },
  { category: "ews", years: 0, pwbdYears: 10 },
  { category: "obc", years: 3, pwbdYears: 13 },
  { category: "sc", years: 5, pwbdYears: 15 },
  { category: "st", years: 5, pwbdYears: 15 },
];

export async function up(db: Kysely<any>): Promise<void> {
  const jobs = (await db
    .selectFrom("entries")
    .select(["id", "data"])
    .where("kind", "=", "job")
    .execute()) as { id: string; data: string }[];
  for (const job of jobs) {
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(job.data) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (data.ageRelaxations !== undefined) continue;
    data.ageRelaxations = CENTRAL;
    data.ageRule ??= "not-attained";
    data.exServicemenPlusYears ??= 3;
    await db
      .updateTable("entries")
      .set({ data: JSON.stringify(data) })
      .where("id", "=", job.id)
      .execute();
  }
}
