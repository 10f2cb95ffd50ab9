import { useState, type FormEvent } from "react";
import { data, Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import { z } from "zod";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { formErrorOf } from "~/lib/form-reply.ts";
import { REGISTRY } from "~/content/registry.ts";
import { commitImport, deleteImport, findImport } from "~/csv/import.server.ts";
import { importBlocked, type ImportReport } from "~/csv/report.ts";
import { kindFromUrl } from "~/entries/admin.repository.server.ts";
import { uploadEnv } from "~/platform/env.server.ts";
import { refuse, refuseWrite } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { actorOf, requireStaff } from "~/users/guard.server.ts";
import { refused } from "~/lib/write-result.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/csv-import";

/**
 * Import a kind's entries from CSV (issue 32): choose the file, read the dry run (what each row
 * will create, which rows are duplicates, every error with its row and column), then import:
 * drafts only, one transaction, nothing written if anything is wrong. Editors and admins.
 */

const UPLOAD_ERRORS: Record<string, string> = {
  "too-large": "The file is larger than the import limit. Split it into smaller files.",
  "no-file": "Choose a CSV file to check.",
};

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireStaff(request, "publish");
  const kind = kindFromUrl(url);
  const id = url.searchParams.get("id");
  const stored = id ? await findImport(await db(), id) : undefined;
  if (id && (!stored || stored.kind !== kind.kind)) throw data(null, { status: 404 });
  return {
    kind: kind.kind,
    maxMb: uploadEnv().CSV_IMPORT_MAX_MB,
    uploadError: UPLOAD_ERRORS[url.searchParams.get("error") ?? ""] ?? null,
    stored: stored
      ? {
          id: stored.id,
          fileName: stored.fileName,
          size: stored.size,
          status: stored.status,
          report: JSON.parse(stored.report) as ImportReport,
        }
      : null,
  };
}

const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("commit"), id: z.string().uuid() }),
  z.object({ intent: z.literal("discard"), id: z.string().uuid() }),
]);

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireStaff(request, "publish");
  const kind = kindFromUrl(url);
  const parsed = parseForm(await request.formData(), Intent);
  if (parsed.status !== "success") return refuse(parsed, { formError: "Unknown button." });
  const database = await db();
  const stored = await findImport(database, parsed.value.id);
  if (!stored || stored.kind !== kind.kind) throw data(null, { status: 404 });
  const base = `/admin/${kind.adminSegment}`;
  if (parsed.value.intent === "discard") {
    await deleteImport(database, stored.id);
    return redirect(`${base}/import`);
  }
  const result = await commitImport(database, stored.id, actorOf(user));
  if (result.ok) return redirect(`${base}?status=draft&done=import&n=${result.created}`);
  // Rows that do not pass: the page shows the new report.
  if (result.reason === "invalid") return redirect(`${base}/import?id=${stored.id}`);
  // Imported already, or discarded meanwhile in another tab: gone either way (409).
  return refuseWrite(parsed, refused("gone"), { formError: "This file was imported already." });
}

export default function CsvImport({ loaderData, actionData }: Route.ComponentProps) {
  const def = REGISTRY[loaderData.kind];
  const base = `/admin/${def.adminSegment}`;
  const { stored } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <AdminPageHeader
        crumbs={
          <Link to={base} className="text-accent underline">
            {def.plural}
          </Link>
        }
        title={`Import ${def.plural.toLowerCase()} from CSV`}
      />
      {formErrorOf(actionData) ? <Banner tone="error">{formErrorOf(actionData)}</Banner> : null}
      {loaderData.uploadError ? <Banner tone="error">{loaderData.uploadError}</Banner> : null}
      {stored ? (
        <ImportReportView kind={def.label} stored={stored} />
      ) : (
        <UploadForm base={base} plural={def.plural} maxMb={loaderData.maxMb} />
      )}
    </div>
  );
}

function UploadForm({ base, plural, maxMb }: { base: string; plural: string; maxMb: number }) {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // With JavaScript the same form is sent by XMLHttpRequest, for a progress bar: the server
  // checks the rows as they arrive, so the bytes sent are the rows checked.
  const send = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const file = (form.elements.namedItem("file") as HTMLInputElement).files?.[0];
    if (!file) return;
    event.preventDefault();
    const xhr = new XMLHttpRequest();
    xhr.open("POST", form.action);
    xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(e.loaded / e.total);
    xhr.onload = () => {
      const to = new URL(xhr.responseURL);
      if (xhr.status < 400 && to.pathname.startsWith(base)) navigate(to.pathname + to.search);
      else setFailed(`The check failed (HTTP ${xhr.status}). Try again.`);
    };
    xhr.onerror = () => setFailed("The file did not reach the server. Check the connection.");
    setFailed(null);
    setProgress(0);
    xhr.send(new FormData(form));
  };
  return (
    <section className="rounded-app border border-stone-200 bg-white p-4 sm:p-5">
      <h2 className="text-base font-semibold">1. Check the file</h2>
      <p className="mt-1 text-sm text-muted">
        A CSV file with the columns of an export (
        <a href={`${base}/export`} className="text-accent underline" download>
          download the {plural.toLowerCase()} as CSV
        </a>{" "}
        for the columns and their form): one row for each new {plural.toLowerCase()} entry. Dates as
        2027-01-15 or 15/01/2027; tables (posts, fees) as the JSON an export writes. Every row
        becomes a draft; nothing is published. Up to {maxMb} MB.
      </p>
      <form
        method="post"
        action={`${base}/import/upload`}
        encType="multipart/form-data"
        onSubmit={send}
        className="mt-3 flex flex-wrap items-center gap-2"
      >
        <label htmlFor="csv-file" className="text-sm font-semibold">
          CSV file
        </label>
        <input
          id="csv-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          className="min-w-0 flex-1 text-sm"
        />
        <button type="submit" className={buttonClass.primary} disabled={progress !== null}>
          Check the file
        </button>
      </form>
      {progress !== null && !failed ? (
        <div className="mt-3" role="status">
          <progress value={progress} max={1} className="w-full" aria-label="Checking the file" />
          <p className="text-sm">
            Sending and checking: {Math.round(progress * 100)}%
            {progress >= 1 ? " (finishing the check…)" : ""}
          </p>
        </div>
      ) : null}
      {failed ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {failed}
        </p>
      ) : null}
    </section>
  );
}

function ImportReportView({
  kind,
  stored,
}: {
  kind: string;
  stored: NonNullable<Route.ComponentProps["loaderData"]["stored"]>;
}) {
  const { report } = stored;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const blocked = importBlocked(report);
  const count = (n: number, more: number) => (n + more).toLocaleString("en-IN");
  const cell = "border-b border-stone-200 px-2 py-1 align-top";
  return (
    <section
      className="rounded-app border border-stone-200 bg-white p-4 sm:p-5"
      aria-labelledby="report-title"
    >
      <h2 id="report-title" className="text-base font-semibold">
        {stored.status === "imported" ? "Imported" : "2. The dry run"}: {stored.fileName}
      </h2>
      <p className="mt-1 text-sm" role="status">
        {plural(report.rows, "row")} read:{" "}
        <strong>
          {count(report.creates.length, report.more.creates)}{" "}
          {stored.status === "imported" ? "created" : blocked ? "without problems" : "to create"}
        </strong>
        , {plural(report.duplicates.length + report.more.duplicates, "duplicate")},{" "}
        {plural(report.errors.length + report.more.errors, "error")}.
      </p>
      {report.fileErrors.map((e) => (
        <p key={e} role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {e}
        </p>
      ))}
      {report.errors.length ? (
        <table className="mt-3 w-full text-left text-sm" aria-label="Errors">
          <caption className="text-left font-semibold text-red-800">Errors</caption>
          <thead>
            <tr>
              <th className={cell}>Row</th>
              <th className={cell}>Column</th>
              <th className={cell}>What is wrong</th>
            </tr>
          </thead>
          <tbody>
            {report.errors.map((e, i) => (
              <tr key={i}>
                <td className={cell}>{e.row}</td>
                <td className={cell}>
                  {e.letter} ({e.column})
                </td>
                <td className={cell}>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {report.duplicates.length ? (
        <table className="mt-3 w-full text-left text-sm" aria-label="Duplicates">
          <caption className="text-left font-semibold text-red-800">Duplicates</caption>
          <thead>
            <tr>
              <th className={cell}>Row</th>
              <th className={cell}>Title</th>
              <th className={cell}>Why</th>
            </tr>
          </thead>
          <tbody>
            {report.duplicates.map((d) => (
              <tr key={d.row}>
                <td className={cell}>{d.row}</td>
                <td className={cell}>{d.title}</td>
                <td className={cell}>{d.why}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {report.creates.length ? (
        <details className="mt-3 text-sm" open={report.creates.length <= 20}>
          <summary className="font-semibold">
            {stored.status === "imported"
              ? "Created as drafts"
              : blocked
                ? "Rows without problems"
                : "Will be created as drafts"}{" "}
            ({count(report.creates.length, report.more.creates)})
          </summary>
          <ol className="mt-1 space-y-0.5">
            {report.creates.map((c) => (
              <li key={c.row}>
                Row {c.row}: {c.title}
              </li>
            ))}
            {report.more.creates ? (
              <li>…and {report.more.creates.toLocaleString("en-IN")} more.</li>
            ) : null}
          </ol>
        </details>
      ) : null}
      {stored.status === "checked" ? (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          {blocked ? (
            <p className="w-full text-sm font-semibold">
              Nothing has been written. Fix the rows listed above (or remove them) and check the
              file again.
            </p>
          ) : null}
          <Form method="post">
            <input type="hidden" name="id" value={stored.id} />
            {!blocked ? (
              <button
                type="submit"
                name="intent"
                value="commit"
                disabled={busy}
                className={buttonClass.primary}
              >
                {busy
                  ? `Importing ${report.creates.length + report.more.creates} drafts…`
                  : `Import ${plural(report.creates.length + report.more.creates, `${kind.toLowerCase()} draft`)}`}
              </button>
            ) : null}
            <button
              type="submit"
              name="intent"
              value="discard"
              disabled={busy}
              className={buttonClass.quiet}
            >
              {blocked ? "Check another file" : "Cancel"}
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}

const plural = (n: number, word: string) =>
  `${n.toLocaleString("en-IN")} ${word}${n === 1 ? "" : "s"}`;

export function meta({ loaderData }: Route.MetaArgs) {
  const plural = loaderData ? REGISTRY[loaderData.kind].plural : "entries";
  return [{ title: `Import ${plural.toLowerCase()} | govjobs admin` }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
