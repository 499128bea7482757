import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";

/**
 * Every Admin GraphQL document the app sends, read from the source as written: each template literal
 * tagged `#graphql` in app/ (its `${…}` parts worked out from the constants they name, here or imported),
 * and the documents @shopify/shopify-api's billing sends for us (its untagged template literals in
 * lib/billing). Reading the source, not running it, finds the documents of every code path.
 */

export type SourceDocument = { file: string; line: number; text: string };

const repoRoot = path.resolve(import.meta.dirname, "../..");
const appRoot = path.join(repoRoot, "app");

const sourceFiles = new Map<string, ts.SourceFile>();
function sourceOf(file: string): ts.SourceFile {
  let source = sourceFiles.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    sourceFiles.set(file, source);
  }
  return source;
}

function resolveModule(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? path.join(appRoot, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, path.join(base, "index.ts")])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

class NotStatic extends Error {}

/** The value of a top-level constant of the file, or of one it imports by name. */
function constantValue(file: string, name: string, seen: Set<string>): string | number {
  const key = `${file}#${name}`;
  if (seen.has(key)) throw new NotStatic(`${name} refers to itself`);
  seen.add(key);
  const source = sourceOf(file);
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const)
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer)
          return evaluate(declaration.initializer, file, seen);
    if (
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.importClause?.namedBindings &&
      ts.isNamedImports(statement.importClause.namedBindings)
    )
      for (const element of statement.importClause.namedBindings.elements)
        if (element.name.text === name) {
          const target = resolveModule(file, statement.moduleSpecifier.text);
          if (!target) throw new NotStatic(`${name} comes from ${statement.moduleSpecifier.text}`);
          return constantValue(target, (element.propertyName ?? element.name).text, seen);
        }
  }
  throw new NotStatic(`${name} is not a constant of ${path.relative(repoRoot, file)}`);
}

function evaluate(node: ts.Expression, file: string, seen = new Set<string>()): string | number {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text.replace(/_/g, ""));
  if (ts.isTemplateExpression(node))
    return node.templateSpans.reduce(
      (text, span) => text + String(evaluate(span.expression, file, new Set(seen))) + span.literal.text,
      node.head.text,
    );
  if (ts.isIdentifier(node)) return constantValue(file, node.text, seen);
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return evaluate(node.expression, file, seen);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = evaluate(node.left, file, seen);
    const right = evaluate(node.right, file, seen);
    return typeof left === "number" && typeof right === "number" ? left + right : `${left}${right}`;
  }
  throw new NotStatic(`${node.getText()} is not a constant`);
}

function templateLiterals(source: ts.SourceFile): Array<ts.TemplateLiteral> {
  const found: ts.TemplateLiteral[] = [];
  const visit = (node: ts.Node) => {
    // sql`…` and other tagged templates are not GraphQL documents.
    if (ts.isTaggedTemplateExpression(node)) return;
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const rawHead = (node: ts.TemplateLiteral) =>
  ts.isNoSubstitutionTemplateLiteral(node) ? node.text : node.head.text;

function documentAt(node: ts.TemplateLiteral, file: string): SourceDocument {
  const source = node.getSourceFile();
  const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  try {
    return { file: path.relative(repoRoot, file), line, text: String(evaluate(node, file)) };
  } catch (error) {
    if (!(error instanceof NotStatic)) throw error;
    throw new Error(
      `${path.relative(repoRoot, file)}:${line}: a #graphql document must be built from constants only ` +
        `(${error.message}); pass anything else as a GraphQL variable`,
    );
  }
}

function appSourceFiles(dir = appRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return appSourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const TAG = /^\s*#graphql\b/;
// What an untagged GraphQL document looks like: an operation, or a bare selection set of a root field.
const LOOKS_LIKE_GRAPHQL = /^\s*(?:(?:query|mutation|subscription)\b\s*\w*\s*[({]|\{\s*[A-Za-z_]\w*\s*[({])/;

/** Every `#graphql` document in app/ (tests excluded). */
export function appGraphqlDocuments(): SourceDocument[] {
  return appSourceFiles().flatMap((file) =>
    templateLiterals(sourceOf(file))
      .filter((node) => TAG.test(rawHead(node)))
      .map((node) => documentAt(node, file)),
  );
}

/** Template literals in app/ that read like a GraphQL document but lack the #graphql tag. */
export function untaggedGraphqlLookalikes(): string[] {
  return appSourceFiles().flatMap((file) =>
    templateLiterals(sourceOf(file))
      .filter((node) => !TAG.test(rawHead(node)) && LOOKS_LIKE_GRAPHQL.test(rawHead(node)))
      .map((node) => {
        const line = node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1;
        return `${path.relative(repoRoot, file)}:${line}`;
      }),
  );
}

/**
 * The documents @shopify/shopify-api's billing sends (check, request, cancel, subscriptions, usage
 * records, capped amount): the template literals of its compiled lib/billing that are operations.
 */
export function libraryBillingDocuments(): SourceDocument[] {
  const require = createRequire(import.meta.url);
  const root = (require.resolve.paths("@shopify/shopify-api") ?? [])
    .map((modules) => path.join(modules, "@shopify/shopify-api"))
    .find((dir) => existsSync(path.join(dir, "package.json")));
  if (!root) throw new Error("@shopify/shopify-api is not installed");
  const billing = path.join(root, "dist", "esm", "lib", "billing");
  return readdirSync(billing)
    .filter((name) => name.endsWith(".mjs"))
    .flatMap((name) => {
      const file = path.join(billing, name);
      return templateLiterals(sourceOf(file))
        .map((node) => {
          try {
            return documentAt(node, file);
          } catch {
            return null;
          }
        })
        .filter((doc): doc is SourceDocument => doc !== null && /^\s*(query|mutation)\b/m.test(doc.text))
        .filter((doc) => /\b(query|mutation)\s+\w*\s*[({]/.test(doc.text));
    });
}
