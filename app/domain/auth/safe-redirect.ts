// A placeholder origin to resolve against: a path that resolves to another origin leaves the site.
const DUMMY_ORIGIN = "http://safe-redirect.invalid";
// Browsers drop tabs and newlines from addresses and read backslashes as slashes, so "/\t/evil.example"
// would become "//evil.example". Any control character is refused outright rather than reasoned about.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Only same-site paths: "//evil.example", "/\t/evil.example" and absolute URLs fall back. The path is
 * resolved against a dummy origin and kept only when it stays on it; what the browser gets is the
 * resolved path, query and fragment, so the check and the redirect read the same address.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof value !== "string" || !value.startsWith("/") || CONTROL_CHARACTERS.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, DUMMY_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== DUMMY_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
