/**
 * The marks before a short note ("✓ Official site", "⚠ Link not working", "[file] Copy kept on
 * this site"), as inline SVG in the text's colour, 1em square (issue 29): an emoji or a symbol the
 * phone's fonts lack showed as an empty box.
 */
const PATHS = {
  check: "m5 12 5 5 9-10",
  warning: "M12 4 2.5 20h19zM12 10v4M12 17.5v.01",
  file: "M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h6",
} as const;

export function NoteIcon({ mark }: { mark: keyof typeof PATHS }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="mr-1 inline-block size-[1em] align-[-0.125em]"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[mark]} />
    </svg>
  );
}
