import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A GET filter form that always shows the filters of the list on screen, also after Back and
 * Forward. Its fields are uncontrolled (`defaultValue`, read once), so at each new address they
 * are set from its query: a select to the option named there (else its first, the list's
 * default), a checkbox ticked when its value is there, a text field to its value. Without
 * JavaScript, `autoComplete: "off"` keeps the browser from putting back the form as it was left
 * (a choice made before it was sent) on a page reached by Back.
 */
export function useFilterForm() {
  const ref = useRef<HTMLFormElement>(null);
  const { search } = useLocation();
  const shown = useRef(search);
  useEffect(() => {
    // Not at hydration: the server drew these values, and a choice made before it stays.
    if (shown.current === search) return;
    shown.current = search;
    const params = new URLSearchParams(search);
    for (const field of Array.from(ref.current?.elements ?? [])) {
      if (field instanceof HTMLSelectElement) {
        const wanted = params.get(field.name) ?? "";
        const index = Array.from(field.options).findIndex((o) => o.value === wanted);
        field.selectedIndex = Math.max(index, 0);
      } else if (field instanceof HTMLInputElement && field.type === "checkbox") {
        field.checked = params.getAll(field.name).includes(field.value);
      } else if (field instanceof HTMLInputElement && field.type !== "hidden") {
        field.value = params.get(field.name) ?? "";
      }
    }
  }, [search]);
  return { ref, autoComplete: "off" } as const;
}
