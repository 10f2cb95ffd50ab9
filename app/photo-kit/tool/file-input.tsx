import { useId } from "react";

/** Choosing a file: its label, a line of help and the input; the file goes to `onFile` only. */
export function FileInput({
  label,
  help,
  accept,
  onFile,
  testId,
}: {
  label: string;
  help: string;
  accept: string;
  onFile: (file: File | undefined) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <p id={`${id}-help`} className="text-sm text-muted">
        {help}
      </p>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={`${id}-help`}
        onChange={(event) => onFile(event.target.files?.[0])}
        className="mt-2 block w-full text-sm file:mr-3 file:rounded-app file:border-0 file:bg-secondary file:px-4 file:py-2 file:font-semibold file:text-white"
        data-testid={testId}
      />
    </div>
  );
}
