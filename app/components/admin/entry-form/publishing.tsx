import { inputId, type FieldErrors, type FormTree } from "~/content/form-data.ts";
import { REGISTRY } from "~/content/registry.ts";
import { STATUSES, type Status } from "~/content/kinds/schema.ts";
import type { Kind } from "~/content/kinds.ts";
import { describedBy, FieldShell, inputClass } from "../field-input.tsx";
import { JobCombobox } from "../job-combobox.tsx";
import { STATUS_LABELS } from "../status-badge.tsx";
import { str } from "./checks.ts";
import { card } from "./sections.tsx";

export interface JobOption {
  id: string;
  title: string;
  status: Status;
}

/** The side card: status (or an author's word on it), publish time, notify box, the job linked. */
export function PublishingPanel({
  kind,
  values,
  errors,
  status,
  savedStatus,
  canPublish,
  suggestOnly,
  notify,
  jobChoices,
  onJobChange,
}: {
  kind: Kind;
  values: FormTree;
  errors: FieldErrors;
  /** The status chosen now. */
  status: string;
  savedStatus: Status | null;
  canPublish: boolean;
  suggestOnly: boolean;
  notify: { recipients: number | null; checked: boolean } | null;
  jobChoices: readonly JobOption[];
  onJobChange: () => void;
}) {
  const jobSelected = str(values.jobId);
  const job = jobChoices.find((j) => j.id === jobSelected);
  return (
    <section className={card} aria-labelledby="publish-title">
      <h2 id="publish-title" className="mb-3 text-base font-semibold">
        Publishing
      </h2>
      <div className="publishing space-y-4">
        {canPublish ? (
          <FieldShell name="status" label="Status" required error={errors.status}>
            <select
              {...describedBy("status", { error: errors.status })}
              defaultValue={status}
              className={inputClass}
            >
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </FieldShell>
        ) : (
          <>
            <input type="hidden" name="status" value={status} />
            <p className="text-sm">
              Status: <strong>{STATUS_LABELS[status as Status] ?? status}</strong>
              {errors.status ? (
                <span className="block font-semibold text-red-700">{errors.status}</span>
              ) : null}
              <span className="block text-xs text-muted">
                {suggestOnly
                  ? "Only an editor changes it now: what you edit here goes to the editors as a suggested change."
                  : "Save a draft as often as you like; submit it when it is ready, and an editor publishes it."}
              </span>
            </p>
          </>
        )}
        {/* Shown by CSS only while "Scheduled" is chosen (admin.css): the server's HTML has the
            final layout, so nothing moves when the page hydrates. A saved time stays shown. */}
        <div className={str(values.publishAt) ? undefined : "publish-at-when-scheduled"}>
          <FieldShell
            name="publishAt"
            label="Publish at (India time)"
            error={errors.publishAt}
            help="Needed when the status is Scheduled."
          >
            <input
              {...describedBy("publishAt", { error: errors.publishAt, help: true })}
              type="datetime-local"
              defaultValue={str(values.publishAt)}
              className={inputClass}
            />
          </FieldShell>
        </div>
        {notify ? (
          <NotifyNotice
            notify={notify}
            published={savedStatus === "published"}
            error={errors.notify}
          />
        ) : null}
        {REGISTRY[kind].linksToJob ? (
          <FieldShell
            name="jobId"
            label="Job it belongs to"
            error={errors.jobId}
            help="Type part of its title and choose it, or type its full title or id. The job page links here, and this page links to the job."
          >
            {/* jobChoices holds only the job linked when the form opened; after a refused
                save the text comes back as it was sent (jobQuery). */}
            <JobCombobox
              {...describedBy("jobId", { error: errors.jobId, help: true })}
              queryName="jobQuery"
              jobId={jobSelected}
              text={
                typeof values.jobQuery === "string" ? values.jobQuery : (job?.title ?? jobSelected)
              }
              status={job?.status}
              onChange={onJobChange}
            />
          </FieldShell>
        ) : null}
      </div>
    </section>
  );
}

/**
 * "This will notify N subscribers", with the box that turns it off for this save. Shown by CSS
 * only while "Published" is chosen (admin.css), so it is right without JavaScript. The count is the
 * stored entry's: a change of state or qualification in the form is counted once saved.
 */
function NotifyNotice({
  notify,
  published,
  error,
}: {
  notify: { recipients: number | null; checked: boolean };
  published: boolean;
  error: string | undefined;
}) {
  const who =
    notify.recipients === null
      ? "the alert subscribers it matches"
      : `${notify.recipients.toLocaleString("en-IN")} ${notify.recipients === 1 ? "subscriber" : "subscribers"}`;
  return (
    <div
      className="notify-when-published rounded-app border border-amber-300 bg-amber-50 p-3 text-sm"
      data-testid="notify-notice"
    >
      <p id="notify-help">
        {published
          ? `If this save changes a key fact (last date, result, admit card), it will notify ${who}.`
          : `This will notify ${who}.`}
      </p>
      <input type="hidden" name="notifyAsked" value="1" />
      <label className="mt-2 flex items-center gap-2 font-semibold">
        <input
          type="checkbox"
          name="notify"
          id={inputId("notify")}
          defaultChecked={notify.checked}
          aria-describedby="notify-help"
          aria-invalid={error ? true : undefined}
        />
        Notify subscribers
      </label>
      {error ? <p className="mt-1 font-semibold text-red-700">{error}</p> : null}
    </div>
  );
}
