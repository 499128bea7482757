import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from "graphql";

/**
 * Shopify's own Admin GraphQL schema, per API version, as Shopify publishes it: the introspection
 * results the npm package @shopify/dev-mcp ships in dist/data/admin_<version>.json.gz (pinned exactly
 * in package.json, so a schema only changes when the pin does). The contract tests validate our
 * documents against it and the Shopify stand-in answers through it.
 */

export const ADMIN_SCHEMA_PACKAGE = "@shopify/dev-mcp";

const require = createRequire(import.meta.url);

function dataDirectory(): { dir: string; packageVersion: string } {
  // The package exports only its ESM entry point, not its data files: found through Node's lookup paths.
  const root = (require.resolve.paths(ADMIN_SCHEMA_PACKAGE) ?? [])
    .map((modules) => path.join(modules, ADMIN_SCHEMA_PACKAGE))
    .find((dir) => existsSync(path.join(dir, "package.json")));
  if (!root) throw new Error(`${ADMIN_SCHEMA_PACKAGE} is not installed (a devDependency: run npm ci)`);
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    version: string;
  };
  return { dir: path.join(root, "dist", "data"), packageVersion: version };
}

/** The Admin API versions whose schema the pinned package ships, e.g. ["2025-10", "2026-01", …]. */
export function shippedAdminVersions(): string[] {
  const { dir } = dataDirectory();
  return readdirSync(dir)
    .map((name) => /^admin_(\d{4}-\d{2})\.json\.gz$/.exec(name)?.[1])
    .filter((v): v is string => Boolean(v))
    .sort();
}

export class MissingAdminSchemaError extends Error {
  constructor(version: string) {
    const { packageVersion } = dataDirectory();
    super(
      `No Shopify Admin GraphQL schema for API version ${version}: ${ADMIN_SCHEMA_PACKAGE}@${packageVersion} ` +
        `ships ${shippedAdminVersions().join(", ")}. Pin a release of ${ADMIN_SCHEMA_PACKAGE} that has ` +
        `admin_${version}.json.gz (npm view ${ADMIN_SCHEMA_PACKAGE} versions), or configure a version it ships.`,
    );
    this.name = "MissingAdminSchemaError";
  }
}

const schemas = new Map<string, GraphQLSchema>();

/** Shopify's Admin schema of that version (built once per process); throws MissingAdminSchemaError. */
export function adminSchemaFor(version: string): GraphQLSchema {
  const cached = schemas.get(version);
  if (cached) return cached;
  const file = path.join(dataDirectory().dir, `admin_${version}.json.gz`);
  if (!/^\d{4}-\d{2}$/.test(version) || !existsSync(file)) throw new MissingAdminSchemaError(version);
  const introspection = JSON.parse(gunzipSync(readFileSync(file)).toString("utf8")) as {
    data: IntrospectionQuery;
  };
  const schema = buildClientSchema(introspection.data, { assumeValid: true });
  schemas.set(version, schema);
  return schema;
}
