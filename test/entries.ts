import type { EntryWrite } from "~/entries/entries.repository.server.ts";

/** A job with the fields lists and filters read; `extra` replaces or adds to its data. */
export function job(
  title: string,
  extra: Partial<EntryWrite["data"]> = {},
  status: EntryWrite["status"] = "published",
): EntryWrite {
  return {
    title,
    organization: "Central Staff Selection Agency",
    status,
    data: {
      summary: `Summary of ${title}`,
      employmentType: "FULL_TIME",
      state: "Delhi",
      lastDate: "2030-01-31",
      qualification: "Graduate",
      ...extra,
    },
  };
}
