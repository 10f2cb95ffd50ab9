// No source file over 400 lines (issue 27), run by `npm run check`. Source files are the code the
// project writes outside tests: .ts, .tsx, .js, .css under app/, http/, demo/, scripts/, bench/, public/
// and the files at the top. Tests (*.test.ts(x), e2e/, test/) are not counted, nor data files
// (.json, .csv). There are no exceptions: a longer file is split by concern.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

const MAX_LINES = 400;

const isSource = (file: string) =>
  /\.(ts|tsx|js|mjs|cjs|css)$/.test(file) &&
  !/\.test\.tsx?$/.test(file) &&
  !/^(e2e|test)\//.test(file);

const listed = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "-z"],
  { encoding: "utf8" },
)
  .split("\0")
  .filter((file) => isSource(file) && existsSync(file));

const problems: string[] = [];
for (const file of new Set(listed)) {
  const lines = readFileSync(file, "utf8").split("\n").length - 1;
  if (lines > MAX_LINES)
    problems.push(`${file}: ${lines} lines, more than ${MAX_LINES}: split it by concern`);
}

if (problems.length > 0) {
  console.error(
    `Files over ${MAX_LINES} lines (scripts/check-file-size.ts):\n${problems.join("\n")}`,
  );
  process.exit(1);
}
