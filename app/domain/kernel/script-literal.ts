/**
 * The one way a value enters JavaScript we write out (a service worker, an inline JSON block): as a
 * JSON literal, never spliced into code or a comment. `<` is escaped so no text can close a <script>
 * element around it ("</script>", "<!--"), and U+2028/U+2029 so the literal stays one line for
 * engines that end a line there.
 */
export function scriptLiteral(value: unknown): string {
  return (JSON.stringify(value) ?? "null")
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
