/** Only same-site paths: "//evil.example" and absolute URLs fall back to "/". */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  ) {
    return fallback;
  }
  return value;
}
