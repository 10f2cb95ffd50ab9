import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { Status } from "~/content/kinds/schema.ts";
import { inputBase } from "./field-input.tsx";
import { STATUS_LABELS } from "./status-badge.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";

/** One suggestion of `/admin/job-search`. */
interface JobSuggestion {
  id: string;
  title: string;
  status: Status;
  organization: string;
}

/** Fewer letters than this match too many jobs to be worth a request. */
const MIN_QUERY = 2;
/** Wait for a pause in the typing before asking the server. */
const DEBOUNCE_MS = 150;

type SearchState =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "done"; query: string; jobs: JobSuggestion[] }
  | { state: "error" };

/**
 * The job an entry belongs to, picked by typing part of its title (the ARIA combobox pattern with
 * list autocomplete and manual selection: arrows move, Enter chooses, Escape closes). The chosen
 * job's id goes in a hidden input named `name`; the text field is sent as `queryName`.
 *
 * Without JavaScript it is a plain text field: the editor types the job's title or id and the
 * server resolves it (`resolveJobPick`). The hidden input then still holds the job linked when
 * the form opened, which the server keeps while the text is that job's title.
 */
export function JobCombobox({
  id,
  name,
  queryName,
  jobId,
  text: initialText,
  status,
  onChange,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: {
  /** The text field's id: the label points at it. */
  id: string;
  name: string;
  queryName: string;
  /** The job chosen when the form opens ("" for none) and the text shown for it. */
  jobId: string;
  text: string;
  /** The chosen job's status, when known: a job that is not public is said so. */
  status?: Status;
  /** The editor changed the choice (typed, chose, cleared). */
  onChange?: () => void;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const hydrated = useHydrated();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState(initialText);
  const [chosen, setChosen] = useState<{ id: string; title: string; status?: Status } | null>(
    jobId ? { id: jobId, title: initialText, status } : null,
  );
  // What the editor last typed (not what a choice filled in): the search follows it.
  const [typed, setTyped] = useState<string | null>(null);
  const [search, setSearch] = useState<SearchState>({ state: "idle" });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // The hidden id holds while the text is the chosen job's; editing the text unchooses it.
  const hiddenId = chosen && text === chosen.title ? chosen.id : "";
  const jobs = search.state === "done" ? search.jobs : [];
  const optionId = (i: number) => `${listId}-option-${i}`;

  useEffect(() => {
    if (typed === null) return;
    const q = typed.trim();
    // Too short to search: the popup says so (see `message`), whatever an older search found.
    if (q.length < MIN_QUERY) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSearch({ state: "loading" });
      fetch(`/admin/job-search?q=${encodeURIComponent(q)}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
      })
        .then(async (res) => {
          // A session that ended answers with the sign-in page, not JSON.
          if (!res.ok || !res.headers.get("content-type")?.includes("application/json"))
            throw new Error(`job search answered ${res.status}`);
          const body = (await res.json()) as { jobs: JobSuggestion[] };
          setSearch({ state: "done", query: q, jobs: body.jobs });
          setActive(-1);
        })
        .catch(() => {
          if (!controller.signal.aborted) setSearch({ state: "error" });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed]);

  // Keep the active option in view as the arrows move through a long list.
  useEffect(() => {
    if (open && active >= 0)
      document.getElementById(`${listId}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [open, active, listId]);

  // On a phone the field sits near the bottom of the screen: bring the whole list into view.
  const shown = open && typed !== null && search.state === "done" ? search : null;
  useEffect(() => {
    if (shown && shown.jobs.length > 0) popupRef.current?.scrollIntoView({ block: "nearest" });
  }, [shown]);

  const choose = (job: JobSuggestion) => {
    setChosen({ id: job.id, title: job.title, status: job.status });
    setText(job.title);
    setTyped(null);
    setOpen(false);
    setActive(-1);
    onChange?.();
  };

  const clear = () => {
    setChosen(null);
    setText("");
    setTyped(null);
    setSearch({ state: "idle" });
    setOpen(false);
    setActive(-1);
    onChange?.();
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = jobs.length;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        // On the text a choice filled in, the arrow searches for it: the list shows its neighbours.
        if (typed === null && text.trim().length >= MIN_QUERY) setTyped(text);
        if (!open) {
          setOpen(true);
          setActive(count > 0 && !event.altKey ? 0 : -1);
        } else if (count > 0) {
          setActive((a) => (a + 1) % count);
        }
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) setOpen(true);
        if (count > 0) setActive((a) => (a <= 0 ? count - 1 : a - 1));
        break;
      case "Enter":
        // While the list is open Enter chooses (or closes); it never sends the form by surprise.
        if (open) {
          event.preventDefault();
          if (active >= 0 && jobs[active]) choose(jobs[active]);
          else setOpen(false);
        }
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        break;
      default:
        break;
    }
  };

  const q = typed?.trim() ?? "";
  const message =
    q.length < MIN_QUERY
      ? `Type at least ${MIN_QUERY} letters of the job's title.`
      : search.state === "loading" || (search.state === "done" && search.query !== q)
        ? "Searching…"
        : search.state === "error"
          ? "The jobs could not be searched. Check the connection, or type the job's full title or id."
          : jobs.length === 0
            ? `No job matches “${q}”.`
            : null;
  const announcement =
    !open || typed === null
      ? ""
      : message && message !== "Searching…"
        ? message
        : search.state === "done" && search.query === q
          ? `${jobs.length === 1 ? "1 job" : `${jobs.length} jobs`} found. Use the up and down arrows to choose.`
          : "";
  const expanded = hydrated && open && typed !== null;
  const showStatus = chosen && hiddenId && chosen.status && chosen.status !== "published";

  return (
    <div className="relative mt-1">
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={id}
          name={queryName}
          type="text"
          value={text}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          placeholder={hydrated ? "Type part of the job's title" : "The job's title or id"}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          {...(hydrated
            ? {
                role: "combobox",
                "aria-autocomplete": "list" as const,
                "aria-expanded": expanded,
                "aria-controls": listId,
                "aria-activedescendant":
                  expanded && active >= 0 && jobs[active] ? optionId(active) : undefined,
              }
            : {})}
          onChange={(event) => {
            setText(event.target.value);
            setTyped(event.target.value);
            setOpen(true);
            setActive(-1);
            onChange?.();
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          className={inputBase}
        />
        {hydrated && text ? (
          <button
            type="button"
            onClick={clear}
            aria-label="Clear job"
            className="shrink-0 rounded-app border border-stone-300 bg-white px-3 text-sm font-semibold text-ink hover:bg-stone-50"
          >
            Clear
          </button>
        ) : null}
      </div>
      <input type="hidden" name={name} value={hiddenId} />
      {showStatus ? (
        <p className="mt-1 text-xs text-muted">
          This job is {STATUS_LABELS[chosen.status!].toLowerCase()}: it is not on the site.
        </p>
      ) : null}
      {hydrated ? (
        <>
          <div
            ref={popupRef}
            className={
              expanded
                ? "absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-app border border-stone-300 bg-white shadow-lg"
                : "hidden"
            }
          >
            {/* Options are chosen with the pointer without taking the focus from the text field. */}
            <ul
              id={listId}
              role="listbox"
              aria-label="Jobs"
              onMouseDown={(event) => event.preventDefault()}
              className={jobs.length > 0 && !message ? "max-h-72 overflow-y-auto py-1" : "hidden"}
            >
              {jobs.map((job, i) => (
                // The keys are the text field's (aria-activedescendant): options never take focus.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={job.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  onClick={() => choose(job)}
                  onMouseMove={() => {
                    if (i !== active) setActive(i);
                  }}
                  className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-accent-light" : ""}`}
                >
                  <span className="block font-medium break-words text-ink">{job.title}</span>
                  <span className="block truncate text-xs text-muted">
                    {job.organization}
                    {job.status !== "published" ? ` · ${STATUS_LABELS[job.status]}` : ""}
                  </span>
                </li>
              ))}
            </ul>
            {message ? <p className="px-3 py-2 text-sm text-muted">{message}</p> : null}
          </div>
          <p role="status" className="sr-only">
            {announcement}
          </p>
        </>
      ) : null}
    </div>
  );
}
