import { execFileSync } from "node:child_process";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, test } from "vitest";
import { ownEntry } from "./own-entry";

// Issue 32 item 9: /forms/assets/constructor answered 500, because `FILES[params.file]` found
// Object.prototype's constructor. A value from outside the code (a request, a header, a tenant's text)
// must never index a plain object: it goes through a Map or ownEntry(). This test reads the whole app
// with TypeScript's checker and lists every place an object is indexed by a string the code does not
// know (`table[key]` with key a plain string, or a string cast to a key type, and `key in table`).
// Each one left is listed below with why its key cannot come from outside; a new one fails here
// until it is made safe or reviewed.

const PROTOTYPE_NAMES = ["constructor", "__proto__", "toString", "hasOwnProperty"];

test("ownEntry finds own entries only", () => {
  const table: Record<string, number> = { altcha: 1 };
  expect(ownEntry(table, "altcha")).toBe(1);
  for (const name of PROTOTYPE_NAMES) expect(ownEntry(table, name)).toBeUndefined();
  expect(ownEntry(Object.fromEntries([["constructor", 2]]), "constructor")).toBe(2);
});

/** Reviewed lookups, by file and expression: the key is the code's own, never a request's. */
const REVIEWED: Record<string, string> = {
  "app/domain/kernel/own-entry.ts: table[key]": "checked with Object.hasOwn first",
  "app/loopback.ts: headers[name]": "name is one of FORWARDING_HEADERS",
  "app/serve-public-form.server.ts: req.headers[name]": "Node's headers, by names the route's code asks for",
  "app/services/captcha/altcha-signature.server.ts: record[key]": "key comes from Object.keys(record)",
  "app/services/messaging/twilio.server.ts: xmlEscapes[c]": "c is one of the characters its regex matches",
  "app/services/messaging/channels.server.ts: htmlEscapes[c]": "c is one of the characters its regex matches",
  "app/domain/forms/public-fields.ts: frTexts.labels[english as keyof typeof frTexts.labels]":
    "english is one of DEFAULT_LABEL_LIST",
  "app/domain/forms/submit.server.ts: errors[phoneField.name]": "the phone field's name is 'Phone No.'",
  "app/domain/messaging/template.ts: values[name as TemplateField]": "name checked against TEMPLATE_FIELDS",
  "app/domain/shopify/webhooks/handlers.server.ts: handlers[topic as ShopifyWebhookTopic]":
    "checked with Object.hasOwn first",
  "app/domain/journeys/touchpoint-actions.server.ts: intentPermissions[intent]":
    "checked with Object.hasOwn first",
  "app/domain/webchat/chat/chat-texts.ts: values[name]": "checked with Object.hasOwn first",
  "app/domain/webchat/branding/branding-schema.ts: TEXT_ON_BACKGROUND[field as ColorField]":
    "field is a keyof ChatBranding the editor's code names",
  "app/ui/analytics/chart-table.tsx: totals?.[key]": "key is one of the chart's series, named in code",
  "app/ui/analytics/chart-table.tsx: row[key]": "key is one of the chart's series, named in code",
  "app/ui/analytics/chart-table.tsx: row[s.key]": "key is one of the chart's series, named in code",
  "app/ui/contacts/attribute-form.tsx: errors?.[f.id]": "an attribute's id (a UUID from the loader)",
  "app/ui/contacts/attribute-form.tsx: errors?.[field.id]": "an attribute's id (a UUID from the loader)",
  "app/ui/contacts/attribute-form.tsx: errors[field.id]": "an attribute's id (a UUID from the loader)",
  "app/ui/contacts/attribute-form.tsx: values[field.id]": "an attribute's id (a UUID from the loader)",
  'app/ui/forms/field-rules.ts: errors[issue.path.join(".")]': "a path of the field schema's own issues",
  "app/ui/forms/field-panel.tsx: errors[path]": "a path the panel's code names",
  "app/ui/forms/component-tab.tsx: RICH_LABELS[element.type as keyof typeof RICH_LABELS]":
    "the tab shows rich elements only, whose types are RICH_LABELS' keys",
  "app/ui/billing/plan-cards.tsx: data.planChoices[selected.id]": "a plan's id from the loader",
  "app/ui/billing/plan-slider.tsx: data.planChoices[plan.id]": "a plan's id from the loader",
};

type Finding = { where: string; line: number };

function uncheckedLookups(): Finding[] {
  const root = path.resolve(__dirname, "../../..");
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  if (!parsed) throw new Error("tsconfig.json could not be read");
  const inApp = (file: string) =>
    file.startsWith(`${root}/app/`) && !/\.test\.tsx?$/.test(file) && !file.includes("/+types/");
  const program = ts.createProgram(parsed.fileNames.filter(inApp), parsed.options);
  const checker = program.getTypeChecker();
  const wide = (type: ts.Type): boolean =>
    type.isUnion()
      ? type.types.some(wide)
      : (type.flags & (ts.TypeFlags.String | ts.TypeFlags.Any | ts.TypeFlags.TemplateLiteral)) !== 0;
  const indexable = (node: ts.Expression) => {
    const type = checker.getNonNullableType(checker.getTypeAtLocation(node));
    return (
      !checker.isArrayType(type) && !checker.isTupleType(type) && (type.flags & ts.TypeFlags.StringLike) === 0
    );
  };
  const isWrite = (node: ts.Node) =>
    ts.isBinaryExpression(node.parent) &&
    node.parent.left === node &&
    node.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
  const findings: Finding[] = [];
  for (const source of program.getSourceFiles()) {
    if (!inApp(source.fileName)) continue;
    const file = path.relative(root, source.fileName);
    const found = (node: ts.Node, text: string) =>
      findings.push({
        where: `${file}: ${text}`,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      });
    const visit = (node: ts.Node) => {
      if (ts.isElementAccessExpression(node) && !isWrite(node) && indexable(node.expression)) {
        const key = node.argumentExpression;
        const cast = ts.isAsExpression(key) || ts.isTypeAssertionExpression(key);
        if (cast || wide(checker.getTypeAtLocation(key))) found(node, node.getText());
      }
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.InKeyword &&
        wide(checker.getTypeAtLocation(node.left))
      )
        found(node, node.getText());
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return findings;
}

describe("the app's lookups", () => {
  // The routes' loader and action types are generated (.react-router/types, not committed): without
  // them a fresh clone's checker sees other types than a developer's tree, and finds other lookups.
  beforeAll(() => {
    const root = path.resolve(__dirname, "../../..");
    execFileSync(path.join(root, "node_modules", ".bin", "react-router"), ["typegen"], {
      cwd: root,
      stdio: "ignore",
    });
  }, 120_000);

  test("no object is indexed by a string from outside the code (Map or ownEntry instead)", () => {
    const findings = uncheckedLookups();
    const unreviewed = findings
      .filter((finding) => !Object.hasOwn(REVIEWED, finding.where))
      .map((finding) => `${finding.where} (line ${finding.line})`);
    expect(unreviewed).toEqual([]);
    // A reviewed lookup that went away is dropped from the list too.
    const seen = new Set(findings.map((finding) => finding.where));
    expect(Object.keys(REVIEWED).filter((where) => !seen.has(where))).toEqual([]);
  }, 120_000);
});
