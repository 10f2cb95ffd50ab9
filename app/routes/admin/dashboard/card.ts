/** The dashboard's cards and their headings. */
export const card = "rounded-app border border-stone-200 bg-white p-4";
export const h2 = "mb-3 flex items-center justify-between gap-2 text-base font-semibold";
