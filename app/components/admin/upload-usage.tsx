import { formatSize } from "./format.ts";

/**
 * What uploaded files take against their limits (issue 25): the space all of them fill, what
 * nothing links to any more (removed after the grace period), and the signed-in person's uploads
 * today. On the dashboard and in Content settings' Uploads section.
 */
export interface UploadUsageView {
  stored: { files: number; bytes: number };
  unlinked: { files: number; bytes: number };
  today: { files: number; bytes: number };
  limits: { perUserFiles: number; perUserBytes: number; storageBytes: number };
  graceDays: number;
}

const limit = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const files = (n: number) => (n === 1 ? "1 file" : `${n} files`);

export function UploadUsage({ usage }: { usage: UploadUsageView }) {
  const { stored, unlinked, today, limits, graceDays } = usage;
  const share = Math.min(100, Math.round((stored.bytes / limits.storageBytes) * 100));
  return (
    <div className="space-y-3 text-sm">
      <div>
        <p className="flex flex-wrap justify-between gap-x-3">
          <span>
            <strong className="font-semibold">Stored:</strong> {formatSize(stored.bytes)} of{" "}
            {limit(limits.storageBytes)} ({share}%)
          </span>
          <span className="text-muted">{files(stored.files)}</span>
        </p>
        <meter
          className="mt-1 block h-3 w-full"
          min={0}
          max={limits.storageBytes}
          low={limits.storageBytes * 0.75}
          high={limits.storageBytes * 0.9}
          optimum={0}
          value={stored.bytes}
          aria-label="Space used by uploaded files"
        />
        {unlinked.files > 0 ? (
          <p className="mt-1 text-muted">
            {files(unlinked.files)} ({formatSize(unlinked.bytes)}) linked from no entry or page:
            removed after {graceDays} days unless one links to them.
          </p>
        ) : null}
      </div>
      <p>
        <strong className="font-semibold">Your uploads today:</strong> {today.files} of{" "}
        {files(limits.perUserFiles)}, {formatSize(today.bytes)} of {limit(limits.perUserBytes)}
      </p>
    </div>
  );
}
