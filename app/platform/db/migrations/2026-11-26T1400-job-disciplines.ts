import type { Kysely } from "kysely";

/**
 * Jobs gain ticked subjects (issue 26): `disciplines` (the subjects the qualification may be in,
 * any one of them) and `alsoRequired` (a B.Ed. on top of the degree), in the job's data and in
 * each post row. Jobs saved before said the subject in words ("MBBS", "B.E./B.Tech", "Civil") or
 * through the qualification choice ("Medical", "Engineering", "Law"); the eligibility finder never
 * checked either. This reads both and ticks what they name without doubt. Words naming nothing on
 * the list ("Statistics", "Political Science") tick nothing: the words stay, and the finder asks
 * candidates to check them against their own subject rather than saying yes. Editors see the
 * ticks in the form and correct them. A job or row that has ticks is left alone, and the words
 * are never changed. Frozen here: a migration must not change when the app's mapping does.
 */

const ORDER = [
  "arts",
  "commerce",
  "science",
  "engineering",
  "medicine",
  "law",
  "education",
  "nursing",
  "pharmacy",
  "agriculture",
  "computer-applications",
] as const;

const CHOICE: Record<string, string> = {
  Medical: "medicine",
  Engineering: "engineering",
  Law: "law",
};

/**
 * Subjects named in words: words in any case, degree names in capitals only ("B.E.", "BA"), so
 * that English words ("be", "ma") are not taken for them.
 */
const NAMED: [string, RegExp[]][] = [
  ["medicine", [/\b(?:mbbs|medicine|medical)\b/i]],
  [
    "engineering",
    [
      /\b(?:engineering|civil|mechanical|electrical|electronics)\b/i,
      /\b(?:B\.? ?Tech|M\.? ?Tech|B\. ?E\b|BE\b)/,
    ],
  ],
  ["law", [/\blaw\b/i, /\bLL\.? ?B\b/]],
  ["nursing", [/\bnursing\b/i, /\b(?:GNM|ANM)\b/]],
  ["pharmacy", [/\bpharmacy\b/i, /\b[BDM]\.? ?Pharm/]],
  ["agriculture", [/\bagricultur/i]],
  ["computer-applications", [/\bcomputer applications?\b/i, /\b(?:BCA|MCA)\b/]],
  ["commerce", [/\bcommerce\b/i, /\b[BM]\.? ?Com\b/]],
  ["science", [/\bsciences?\b/i, /\b[BM]\.? ?Sc\b/]],
  ["arts", [/\b(?:arts|humanities)\b/i, /\b[BM]\.A\b|\b[BM]A\b/]],
];

/** A B.Ed. is asked for on top of the degree, not as its subject. */
const BED = /\bB\.? ?Ed\b/;

/**
 * Words that contain a subject's name but mean another subject, removed before matching: a B.Sc.
 * in nursing or agriculture is that subject, not "Science"; political, social, home and library
 * science are not Science either.
 */
const NOT_THEMSELVES =
  /\b(?:B\.? ?Sc\.?\s*\(?\s*(?=nursing|agricultur)|(?:political|social|home|library)\s+sciences?)/gi;

function ticksFromWords(text: string): { disciplines: string[]; also: string[] } {
  const squeezed = text.replace(/\s+/g, " ").replace(NOT_THEMSELVES, " ");
  const named = new Set(
    NAMED.filter(([, patterns]) => patterns.some((re) => re.test(squeezed))).map(([key]) => key),
  );
  const also = BED.test(squeezed) ? ["education"] : [];
  return { disciplines: ORDER.filter((d) => named.has(d)), also };
}

type Row = Record<string, unknown>;

const inOrder = (keys: Iterable<string>) => {
  const set = new Set(keys);
  return ORDER.filter((d) => set.has(d));
};

export async function up(db: Kysely<any>): Promise<void> {
  const jobs = (await db
    .selectFrom("entries")
    .select(["id", "data"])
    .where("kind", "=", "job")
    .execute()) as { id: string; data: string }[];
  for (const job of jobs) {
    let data: Row;
    try {
      data = JSON.parse(job.data) as Row;
    } catch {
      continue;
    }
    let changed = false;
    if (data.disciplines === undefined && data.alsoRequired === undefined) {
      const words =
        typeof data.qualificationSubjects === "string" ? data.qualificationSubjects : "";
      const { disciplines, also } = ticksFromWords(words);
      const chosen = CHOICE[String(data.qualification)];
      const ticked = inOrder(chosen ? [chosen, ...disciplines] : disciplines);
      if (ticked.length) data.disciplines = ticked;
      if (also.length) data.alsoRequired = also;
      changed = ticked.length > 0 || also.length > 0;
    }
    if (Array.isArray(data.posts)) {
      for (const row of data.posts as Row[]) {
        const chosen =
          row && typeof row === "object" ? CHOICE[String(row.qualification)] : undefined;
        if (!chosen || row.disciplines !== undefined) continue;
        row.disciplines = [chosen];
        changed = true;
      }
    }
    if (!changed) continue;
    await db
      .updateTable("entries")
      .set({ data: JSON.stringify(data) })
      .where("id", "=", job.id)
      .execute();
  }
}
