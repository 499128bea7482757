import type { EntryContext } from "react-router";
import { describe, expect, test } from "vitest";
import { withMatchedRoutesOnly } from "./matched-routes.server";

const route = (id: string, parentId?: string) => ({ id, parentId, path: id, hasLoader: true });

function entryContext(matchedIds: string[]) {
  const routes = Object.fromEntries(
    [
      route("root"),
      route("routes/app-layout", "root"),
      route("routes/contacts/contacts", "routes/app-layout"),
      route("routes/settings/settings", "routes/app-layout"),
      route("routes/auth/login", "root"),
    ].map((r) => [r.id, r]),
  );
  return {
    manifest: { version: "1", url: "/assets/manifest-1.js", entry: { module: "/e.js", imports: [] }, routes },
    routeModules: {},
    staticHandlerContext: { matches: matchedIds.map((id) => ({ route: { id } })), loaderData: {} },
    serverHandoffString: "{}",
  } as unknown as EntryContext;
}

describe("withMatchedRoutesOnly", () => {
  test("keeps the matched branch of the manifest, and everything else of the context as it was", () => {
    const context = entryContext(["root", "routes/app-layout", "routes/contacts/contacts"]);
    const trimmed = withMatchedRoutesOnly(context);
    expect(Object.keys(trimmed.manifest.routes)).toEqual([
      "root",
      "routes/app-layout",
      "routes/contacts/contacts",
    ]);
    expect(trimmed.manifest.routes.root).toBe(context.manifest.routes.root);
    expect(trimmed.manifest.url).toBe("/assets/manifest-1.js");
    expect(trimmed.staticHandlerContext).toBe(context.staticHandlerContext);
    expect(trimmed.serverHandoffString).toBe("{}");
    // The context React Router keeps is untouched.
    expect(Object.keys(context.manifest.routes)).toHaveLength(5);
  });

  test("an error caught at the root keeps only the root", () => {
    const trimmed = withMatchedRoutesOnly(entryContext(["root"]));
    expect(Object.keys(trimmed.manifest.routes)).toEqual(["root"]);
  });
});
