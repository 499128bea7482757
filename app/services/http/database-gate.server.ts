import type { RequestHandler } from "express";

/** After a successful check, requests go on without another for this long. */
const TRUSTED_FOR_MS = 1_000;

/**
 * Answers a plain 503 page while the database does not answer, instead of letting every page fail
 * on its own (a 500 with a stack trace in the log for each). The check is `ping`, bounded by the
 * connection's connect timeout; concurrent requests share one check, and a known state is reused
 * for a second, so a healthy database costs a `select 1` per second at most. A 5xx answer makes the
 * next request check again: that is how a database that goes away between checks is noticed.
 */
export function requireDatabase(options: {
  ping: () => Promise<unknown>;
  productName: string;
  now?: () => number;
}): RequestHandler {
  const now = options.now ?? Date.now;
  let state: { up: boolean; checkedAt: number } | null = null;
  let checking: Promise<boolean> | null = null;

  const check = () => {
    checking ??= options
      .ping()
      .then(
        () => true,
        (error: unknown) => {
          if (state?.up !== false) console.error("Database unavailable:", error);
          return false;
        },
      )
      .then((up) => {
        if (up && state?.up === false) console.log("Database available again");
        state = { up, checkedAt: now() };
        checking = null;
        return up;
      });
    return checking;
  };

  return async (_req, res, next) => {
    const fresh = state && now() - state.checkedAt < TRUSTED_FOR_MS;
    const up = fresh && state ? state.up : await check();
    if (!up) {
      res.status(503).set("Retry-After", "30").type("html").send(unavailablePage(options.productName));
      return;
    }
    res.on("finish", () => {
      if (res.statusCode >= 500 && state) state = { ...state, checkedAt: 0 };
    });
    next();
  };
}

function unavailablePage(productName: string) {
  const name = productName.replace(/[<>&"]/g, "");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} is unavailable</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;color:#303030}</style>
</head>
<body>
<h1>${name} is unavailable for a moment</h1>
<p>We cannot reach our database right now. Nothing you did caused this; please try again in a minute.</p>
</body>
</html>
`;
}
