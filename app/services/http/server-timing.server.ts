/**
 * Server-Timing (https://w3c.github.io/server-timing/): how long the server spent on a page or data
 * request, by phase, so production shows what `npm run bench:pages` and `bench:render` measure: a
 * browser's network panel, a proxy's logs or a synthetic check read it. Durations only, in
 * milliseconds to a tenth: no names of tables, users or queries.
 *
 * - `loaders`: from the request reaching React Router's handler to its data being ready (routing,
 *   middleware, the action if any, and the loaders);
 * - `render`: React's render of the page (the shell, for a page that streams its late parts);
 * - `compress`: compressing a page written whole (html-stream.server.ts).
 */
export type ServerTimingPhase = "loaders" | "render" | "compress";

export function appendServerTiming(headers: Headers, phase: ServerTimingPhase, milliseconds: number): void {
  headers.append("Server-Timing", `${phase};dur=${Math.max(0, milliseconds).toFixed(1)}`);
}
