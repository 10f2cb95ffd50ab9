import { useState } from "react";
import { fmt } from "~/lib/locale.ts";
import { checkFile, passes, type Finding } from "../check.ts";
import type { UploadRule } from "../rules.ts";
import { imageName, sayFinding, type PhotoWords } from "../words.ts";
import { FileInput } from "./file-input.tsx";
import { readInfo } from "./render.ts";

/** "Check my file": a file the person has, read here, against one image's rule. */
export function CheckFile({ rule, t }: { rule: UploadRule; t: PhotoWords }) {
  // The findings and the size of the file they are for: a new file clears the old answer
  // at once, so a slow read never leaves the previous file's "passed" on screen.
  const [checked, setChecked] = useState<{ findings: Finding[]; bytes: number } | null>(null);
  const findings = checked?.findings;
  const image = imageName(rule, t);
  const ok = findings && passes(findings);
  const cautions = findings?.filter((f) => f.code !== "ok") ?? [];

  return (
    <div className="space-y-3">
      <FileInput
        label={t.check.pick}
        help={t.check.help}
        accept="image/*,.pdf"
        onFile={async (file) => {
          setChecked(null);
          if (file)
            setChecked({
              findings: checkFile(await readInfo(file), file.name, rule),
              bytes: file.size,
            });
        }}
        testId="check-input"
      />
      {checked && findings && (
        <div
          role="status"
          data-testid="check-result"
          data-passes={ok ? "yes" : "no"}
          data-bytes={checked.bytes}
          className={`rounded-app border px-4 py-3 ${ok ? "border-secondary/40 bg-secondary-light" : "border-red-300 bg-red-50 text-red-900"}`}
        >
          <p className="font-semibold">{fmt(ok ? t.check.passed : t.check.failed, { image })}</p>
          {ok && findings.some((f) => f.code === "ok") && (
            <p>
              {sayFinding(
                findings.find((f) => f.code === "ok")!,
                t,
              )}
            </p>
          )}
          {cautions.length > 0 && (
            <>
              {ok && <p className="mt-1">{t.check.cautions}</p>}
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {cautions.map((f, i) => (
                  <li key={i} data-code={f.code}>
                    {sayFinding(f, t)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
