/**
 * A value sent to the browser as one JSON text inside a loader's data.
 *
 * React Router serializes loader data with turbo-stream, which walks every object, array and
 * string one by one and writes an index for each: a job page's data was 766 such values, and
 * encoding them (with writing them into the page) was 12% of the page's render. Three quarters of
 * them were the interface's words and the fields' labels, which the page only reads. Packed, each
 * is one string: JSON.stringify and JSON.parse are native, and a constant (a language's words) is
 * packed once per process. The type of the value travels with the string.
 */
export type Packed<T> = string & { readonly __packedValue?: T };

export function pack<T>(value: T): Packed<T> {
  return JSON.stringify(value) as Packed<T>;
}

const constants = new Map<string, string>();

/** A value that never changes in this process (a language's words), packed the first time only. */
export function packOnce<T>(key: string, make: () => T): Packed<T> {
  let packed = constants.get(key);
  if (packed === undefined) constants.set(key, (packed = pack(make())));
  return packed;
}

/**
 * The server's last texts unpacked, so its next page does not parse a language's words again.
 * The browser parses each page's texts once (the JavaScript budget has no room for the memo).
 */
const unpacked = new Map<string, unknown>();
const REMEMBERED = 32;

export function unpack<T>(packed: Packed<T>): T {
  if (!import.meta.env.SSR) return JSON.parse(packed) as T;
  const known = unpacked.get(packed);
  if (known !== undefined) return known as T;
  const value = JSON.parse(packed) as T;
  if (unpacked.size >= REMEMBERED) unpacked.clear();
  unpacked.set(packed, value);
  return value;
}
