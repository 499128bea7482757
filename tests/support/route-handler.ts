import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createRequestHandler, type ServerBuild } from "react-router";
import * as entry from "~/entry.server";
import routes from "~/routes";

/**
 * React Router's own request handler over the app's real route modules (app/routes.ts, app/root.tsx,
 * app/entry.server.tsx), without Vite: what the server does with a request, data requests (/x.data)
 * included, down to which headers reach the response. No client assets: for data requests and
 * headers, not for looking at pages.
 */

type ManifestEntry = { id: string; parentId?: string; path?: string; index?: boolean; file: string };

/** Every route of app/routes.ts with its id (the file without extension, unless given) and parent. */
export function routeManifest(): ManifestEntry[] {
  const entries: ManifestEntry[] = [{ id: "root", path: "", file: "root.tsx" }];
  const visit = (route: RouteConfigEntry, parentId: string) => {
    const id = route.id ?? route.file.replace(/\.[jt]sx?$/, "");
    entries.push({ id, parentId, path: route.path, index: route.index, file: route.file });
    for (const child of route.children ?? []) visit(child, id);
  };
  for (const route of routes as RouteConfigEntry[]) visit(route, "root");
  return entries;
}

const modules = import.meta.glob<Record<string, unknown>>([
  "/app/root.tsx",
  "/app/routes/**/*.tsx",
  "!**/*.test.*",
]);

export type AppRoute = ManifestEntry & { module: Record<string, unknown> };

/**
 * React Router's handler over the app's route modules, and those routes by id. `withoutExports` takes
 * exports away from some modules (route id → export names), to show what a test would catch.
 */
export async function appRequestHandler(options: { withoutExports?: Record<string, string[]> } = {}) {
  const manifest = routeManifest();
  const loaded = await Promise.all(
    manifest.map(async (route) => {
      const load = modules[`/app/${route.file}`];
      if (!load) throw new Error(`app/${route.file} (app/routes.ts) was not found`);
      const module = { ...(await load()) };
      for (const name of options.withoutExports?.[route.id] ?? []) delete module[name];
      return [route.id, { ...route, module } satisfies AppRoute] as const;
    }),
  );
  const build = {
    entry: { module: entry },
    routes: Object.fromEntries(loaded),
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: true },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  return { handle: createRequestHandler(build, "production"), routes: Object.fromEntries(loaded) };
}
