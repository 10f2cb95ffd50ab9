import { useEffect, useState } from "react";
import type { Presence } from "~/users/presence.ts";
import { formatDateTime } from "~/lib/format.ts";

const INTERVAL_MS = 30_000;

/**
 * "Priya is editing this since 10:42": who else has this entry or page open. The screen reports
 * itself every 30 s (and the server's render already counted this visit). A warning, not a lock:
 * a save against a newer version is refused anyway.
 */
export function EditingNow({ subject, initial }: { subject: string; initial: Presence[] }) {
  const [others, setOthers] = useState(initial);
  useEffect(() => {
    const report = async () => {
      try {
        const response = await fetch("/admin/presence", {
          method: "POST",
          body: new URLSearchParams({ subject }),
        });
        if (response.ok) setOthers(((await response.json()) as { others: Presence[] }).others);
      } catch {
        // Offline for a moment: the next report tries again.
      }
    };
    const timer = setInterval(() => void report(), INTERVAL_MS);
    return () => clearInterval(timer);
  }, [subject]);
  if (others.length === 0) return null;
  return (
    <p
      role="status"
      className="mb-4 rounded-app border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
    >
      {others
        .map((o) => `${o.name} is editing this since ${formatDateTime(o.since).split(", ").at(-1)}`)
        .join("; ")}
      . Your changes and theirs are not merged: if they save first, your save will show what they
      changed.
    </p>
  );
}
