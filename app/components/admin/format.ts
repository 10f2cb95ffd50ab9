/** A file's size: "240 KB", "3.4 MB" (at least "1 KB"; nothing at all is "0 KB"). */
export function formatSize(bytes: number): string {
  if (bytes <= 0) return "0 KB";
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
