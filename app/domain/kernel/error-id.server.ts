import { randomBytes } from "node:crypto";

/**
 * Logs an unexpected failure with a short id and returns the id, which is all the user is shown:
 * database and provider messages can name tables, hosts or other companies' data, so they stay in
 * the log, where support finds them by the id the user quotes.
 */
export function logWithErrorId(what: string, error: unknown, level: "error" | "warn" = "error"): string {
  const errorId = randomBytes(4).toString("hex");
  // "warn" for failures that are part of normal operation (a provider refusing one message).
  console[level](`${what} [error id ${errorId}]`, error);
  return errorId;
}
