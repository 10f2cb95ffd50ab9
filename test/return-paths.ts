/**
 * Return paths (`next`) that once left the site or could (issue 25): the check ran on the raw
 * string and the value used had its dot segments resolved, so `/.//evil.example/phish` became the
 * protocol-relative `//evil.example/phish`. Used by the unit test of safeReturnPath and by the
 * end-to-end test that signs in with each of them.
 */
export const OFF_SITE_RETURN_PATHS = [
  "/.//evil.example/phish",
  "/admin/../..//evil.example",
  "/admin/./..//evil.example/x",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%5C%5Cevil.example",
  "/%5c/evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/%2e%2e//evil.example",
  "/.%2e/%2fevil.example",
  "/admin/..%2f..%2f/evil.example",
  "/admin/%2e%2e/%2e%2e//evil.example",
  "//evil.example/x",
  "///evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "/admin?x=1#//evil.example",
];
