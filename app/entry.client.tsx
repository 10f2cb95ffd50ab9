import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import type { ClientInstrumentation } from "react-router";
import { HydratedRouter } from "react-router/dom";
import {
  loadPage,
  pendingNavigation,
  rememberNavigation,
  resumeInterruptedNavigation,
} from "./lib/chunk-recovery.ts";

/**
 * Where each client-side navigation is going, noted until it finishes: if its script fails to
 * load, React Router reloads the page being left, and the reloaded page continues to the note.
 */
const instrumentations: ClientInstrumentation[] = [
  {
    router({ instrument }) {
      instrument({
        async navigate(navigate, { to, formMethod, formData }) {
          if (typeof to !== "string" || (formMethod && formMethod.toUpperCase() !== "GET")) {
            await navigate();
            return;
          }
          const query = formData ? new URLSearchParams(formData as unknown as string[][]) : null;
          const forget = rememberNavigation(query ? `${to.split("?")[0]}?${query}` : to);
          try {
            await navigate();
          } finally {
            forget();
          }
        },
      });
    },
  },
];

// Vite's preloader failed to fetch a module or stylesheet of a lazily loaded part.
window.addEventListener("vite:preloadError", (event) => {
  if (loadPage(pendingNavigation() ?? window.location.href)) event.preventDefault();
});

if (!resumeInterruptedNavigation()) {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter instrumentations={instrumentations} />
      </StrictMode>,
    );
  });
}
