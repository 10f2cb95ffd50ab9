// Shared by the page cache and the static files (which Node runs directly: plain syntax only).

const acceptsEncoding = (name: string) =>
  new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=(?!0(?:\\.0*)?\\s*(?:,|$))[\\d.]+)?\\s*(?:,|$)`);
const ACCEPTS_BR = acceptsEncoding("br");
const ACCEPTS_GZIP = acceptsEncoding("gzip");

/** The best encoding the client accepts among the ones we keep. */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accept = (acceptEncoding ?? "").toLowerCase();
  if (ACCEPTS_BR.test(accept)) return "br";
  if (ACCEPTS_GZIP.test(accept)) return "gzip";
  return "identity";
}
