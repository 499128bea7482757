/**
 * A download's Content-Disposition. A file name is built from request or company values (dates, ids),
 * so anything but letters, digits, dots, hyphens and underscores becomes "_": no quote, line break or
 * control character can end the header's value or start another header (issue 32).
 */
export function attachmentDisposition(filename: string): string {
  const safe = filename.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 120) || "download";
  return `attachment; filename="${safe}"`;
}
