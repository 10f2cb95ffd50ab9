// No source file over 400 lines (issue 27), run by `npm run check`. Source files are the code the
// project writes outside tests: .ts, .tsx, .js, .css under app/, server/, scripts/, bench/, public/
// and the files at the top. Tests (*.test.ts(x), e2e/, test/) are not counted, nor data files
// (.json, .csv). Files longer when the check came in are listed with their length: a listed file
// may not grow, and its count goes down with it, so the list only shrinks.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

const MAX_LINES = 400;

/** Files over the limit, with their length in lines: split them by concern, then lower or remove. */
const LONGER: Record<string, number> = {
  "app/content/registry.ts": 756,
  "app/routes/admin/entry-edit.tsx": 855,
  "app/routes/site/eligibility.tsx": 509,
  "app/server/alerts/subscriptions.server.ts": 405,
  "app/server/files.server.ts": 551,
  "app/server/redirects.server.ts": 414,
};

const isSource = (file: string) =>
  /\.(ts|tsx|js|mjs|cjs|css)$/.test(file) &&
  !/\.test\.tsx?$/.test(file) &&
  !/^(e2e|test)\//.test(file);

const listed = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "-z"],
  {
    encoding: "utf8",
  },
)
  .split("\0")
  .filter((file) => isSource(file) && existsSync(file));

const problems: string[] = [];
const seen = new Set<string>();
for (const file of new Set(listed)) {
  const lines = readFileSync(file, "utf8").split("\n").length - 1;
  const allowed = LONGER[file];
  seen.add(file);
  if (allowed === undefined) {
    if (lines > MAX_LINES)
      problems.push(`${file}: ${lines} lines, more than ${MAX_LINES}: split it by concern`);
  } else if (lines > allowed) {
    problems.push(`${file}: ${lines} lines, more than the ${allowed} it is allowed: split it`);
  } else if (lines <= MAX_LINES) {
    problems.push(`${file}: ${lines} lines now: remove it from the list`);
  } else if (lines < allowed) {
    problems.push(`${file}: ${lines} lines now: lower its count (${allowed}) in the list`);
  }
}
for (const file of Object.keys(LONGER))
  if (!seen.has(file)) problems.push(`${file} is gone: remove it from the list`);

if (problems.length > 0) {
  console.error(
    `Files over ${MAX_LINES} lines (scripts/check-file-size.ts):\n${problems.join("\n")}`,
  );
  process.exit(1);
}
