// The URLs a result-day run requests (bench/result-day.ts), read from the running site's sitemaps.
import { LANDING_FACETS, landingPath } from "../app/content/landing.ts";
import { QUALIFICATIONS, STATES } from "../app/content/options.ts";

/** What people search for on a result day. */
const SEARCH_TERMS = [
  "clerk",
  "constable",
  "teacher",
  "railway",
  "bank",
  "police",
  "nurse",
  "engineer",
  "ssc",
  "upsc",
  "result",
  "admit card",
  "answer key",
  "syllabus",
  "junior clerk",
  "assistant",
  "officer",
  "driver",
  "apprentice",
  "steno",
  "data entry",
  "forest guard",
  "army",
  "navy",
  "post office",
  "anganwadi",
  "lab assistant",
  "pharmacist",
  "accountant",
  "12th pass",
];

/** Same seed, same list: runs of the same data set request the same URLs. */
function shuffled<T>(items: T[], seed = 16): T[] {
  let s = seed;
  const random = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The URLs of a result day, hottest first: the home page, the results list and the hot job, then
 * lists, landing pages, later pages of lists, searches, detail pages (results and jobs most) and a
 * few Hindi twins, mixed so that every sort appears at every popularity.
 */
export async function urlList(base: string, hotPath: string, size: number): Promise<string[]> {
  const details = new Map<string, string[]>();
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  for (const m of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    // The first file of each kind is enough: the newest 10,000.
    if (/-\d+\.xml$/.test(m[1])) continue;
    const xml = await (await fetch(new URL(new URL(m[1]).pathname, base))).text();
    for (const loc of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const p = new URL(loc[1]).pathname;
      const kind = /^\/(jobs|results|admit-cards|answer-key|syllabus)\/[^/]+$/.exec(p)?.[1];
      if (!kind) continue;
      details.set(kind, [...(details.get(kind) ?? []), p]);
    }
  }
  const kinds = ["/jobs", "/results", "/admit-cards", "/answer-key", "/syllabus"];
  const landing = LANDING_FACETS.flatMap((facet) =>
    (facet === "state" ? STATES : QUALIFICATIONS).map((o) => landingPath(facet, o.value)),
  );
  const pages = [
    ...range(2, 40).map((n) => `/jobs?page=${n}`),
    ...range(2, 20).map((n) => `/results?page=${n}`),
    ...kinds.slice(2).flatMap((k) => range(2, 5).map((n) => `${k}?page=${n}`)),
    // Qualifications hold more jobs each than states: their second pages exist.
    ...landing.slice(-10).map((l) => `${l}?page=2`),
  ];
  const searches = SEARCH_TERMS.map((q) => `/search?q=${encodeURIComponent(q)}`);
  const top = ["/", "/results", hotPath, "/jobs", "/admit-cards", "/answer-key", "/syllabus"];
  const hindi = [...top, ...landing.slice(0, 8), ...(details.get("results") ?? []).slice(0, 20)]
    .filter((p) => p !== hotPath)
    .map((p) => (p === "/" ? "/hi" : `/hi${p}`));
  const fixed = [...landing, ...pages, ...searches, ...hindi];
  // Detail pages fill the rest: results first on result day, then jobs, then the other kinds.
  const left = size - top.length - fixed.length;
  const share: [string, number][] = [
    ["results", 0.4],
    ["jobs", 0.4],
    ["admit-cards", 0.12],
    ["answer-key", 0.05],
    ["syllabus", 0.03],
  ];
  const detailPaths = share.flatMap(([kind, f]) =>
    // A few more than needed: the list is cut to size after duplicates go.
    (details.get(kind) ?? []).slice(0, Math.round((left + 50) * f)),
  );
  const rest = shuffled([...fixed, ...detailPaths]).filter((p) => p !== hotPath);
  return [...new Set([...top, ...rest])].slice(0, size);
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
