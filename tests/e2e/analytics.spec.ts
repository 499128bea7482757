import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { freshCompanyAdmin, postContact, postProduct, uniquePhone } from "../support/contacts-e2e";
import {
  demo,
  expect,
  gotoLive,
  login,
  platformAdmin,
  readLatestEmail,
  readOnlyAdmin,
  screenshotsIn,
  test,
  toast,
  uniqueEmail,
} from "../support/e2e-helpers";
import { addTouchpoint } from "../support/journeys-e2e";

// Issue 18, "How it will be checked", in a real browser: the analytics page at / with its figures
// from the rollups, Test now and a followed tracked link making sent and clicked rise, the data
// tables reading the same numbers as the tiles, the range, the CSV export, axe, and /admin's overview.

const shots = "/tmp/analytics-screens";
const shot = screenshotsIn(shots);

/** The number a tile shows ("1,234" → 1234). */
async function tileNumber(page: Page, id: string) {
  const text = (await page.getByTestId(`tile-${id}`).textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
}

/** Opens / and waits for the streamed figures to replace the skeletons. */
async function openAnalytics(page: Page, search = "") {
  await gotoLive(page, `/${search}`);
  await expect(page.getByTestId("analytics-loading")).toHaveCount(0);
}

test("Demo Co's dashboard shows its seeded journeys and their messages", async ({ page, browser }) => {
  await login(page, demo);
  // The seeded enrollments are sent (or held back, and counted as not sent) by the worker shortly
  // after start: reload until the messages show.
  await expect(async () => {
    await openAnalytics(page);
    const sent = await tileNumber(page, "sent");
    const notSent = await page.getByTestId("not-sent").locator("tbody tr").count();
    expect(sent + notSent, "Demo Co's journey messages should be counted").toBeGreaterThan(0);
  }).toPass({ timeout: 90_000 });
  const glow = page.getByTestId("funnel-Glow Serum");
  for (const name of ["Welcome", "Check in", "Refill reminder"])
    await expect(glow.getByRole("rowheader", { name: new RegExp(`^${name}`) })).toBeVisible();
  await expect(page.getByTestId("funnel-Night Cream")).toBeVisible();
  // No store is connected to Demo Co: the tile says so.
  await expect(page.getByTestId("tile-no-store")).toHaveText("No store connected");
  await shot(page, "demo-dashboard");
  // The figures come with the page: without JavaScript they read the same, with no skeleton left.
  const sentWithScript = await tileNumber(page, "sent");
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto("/");
  await expect(plain.getByTestId("analytics-loading")).toHaveCount(0);
  expect(await tileNumber(plain, "sent")).toBeGreaterThanOrEqual(sentWithScript);
  await expect(plain.getByTestId("funnel-Glow Serum")).toBeVisible();
  await noScript.close();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: "no sideways scroll" })
    .toBeLessThanOrEqual(390);
  await shot(page, "demo-dashboard-phone");
});

test("Test now and a followed link make sent and clicked rise; tables, range, CSV and axe agree", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { company } = await freshCompanyAdmin(page);

  // A new company: the empty state in words, and the first-run checklist above it.
  await openAnalytics(page);
  await expect(page.getByText("No figures yet")).toBeVisible();
  await shot(page, "new-company");

  await postProduct(page, "Garden Kit");
  const stamp = Date.now();
  const ada = {
    firstName: "Ada",
    lastName: `Clicks${stamp}`,
    phone: uniquePhone(),
    email: uniqueEmail("ada"),
  };
  await postContact(page, ada);
  await gotoLive(page, "/touchpoints");
  // A link target needs a domain with a dot: the loopback address stands in for one.
  const target = `${baseURL?.replace("localhost", "127.0.0.1")}/healthz?from=analytics`;
  await addTouchpoint(page, "Garden Kit", {
    name: "Welcome",
    wait: "0",
    unit: "minutes",
    channel: "email",
    subject: "Welcome to your Garden Kit",
    message: "Hi {{first_name}}, your guide: {{LINK}}",
    link: target,
  });

  await page.getByRole("button", { name: "Test now: Welcome" }).click();
  const modal = page.getByRole("dialog", { name: "Choose Contact" });
  await modal.getByRole("checkbox", { name: `Ada Clicks${stamp}` }).check();
  await modal.getByRole("button", { name: "Send to 1" }).click();
  await expect(toast(page, "Touchpoint Sent !")).toBeVisible();

  // Sent rises to 1; nothing clicked yet.
  await expect(async () => {
    await openAnalytics(page);
    expect(await tileNumber(page, "sent")).toBe(1);
  }).toPass({ timeout: 30_000 });
  expect(await tileNumber(page, "clicks")).toBe(0);

  const email = await readLatestEmail(page, ada.email, /Welcome to your Garden Kit/);
  const followed = await page.request.get(email.link as string, { maxRedirects: 0 });
  expect(followed.status()).toBe(302);
  await expect(async () => {
    await openAnalytics(page);
    expect(await tileNumber(page, "clicks")).toBe(1);
  }).toPass({ timeout: 30_000 });
  expect(await tileNumber(page, "sent")).toBe(1);
  await expect(page.getByTestId("tile-click-rate")).toHaveText("Click rate 100%");
  await expect(page.getByTestId("tile-sent-change")).toHaveText(/Up from none in the previous period$/);
  const funnel = page.getByTestId("funnel-Garden Kit");
  // Sent 1, clicked 1 (the outbox sends no delivery receipt for email).
  const welcome = funnel.getByRole("row").filter({ hasText: "Welcome" }).getByRole("cell");
  await expect(welcome.nth(0)).toHaveText("1");
  await expect(welcome.nth(2)).toHaveText("1");
  await expect(page.getByTestId("top-links")).toContainText(target);

  // The chart's data table reads the same numbers as the tiles, for sent and for clicked.
  await page.getByText("Show the figures as a table").first().click();
  const table = page.getByTestId("messages-chart-table");
  await expect(table).toBeVisible();
  await expect(page.getByTestId("messages-chart-table-total-all")).toHaveText(
    String(await tileNumber(page, "sent")),
  );
  await expect(page.getByTestId("messages-chart-table-total-email")).toHaveText("1");
  await page.getByRole("button", { name: "Clicked", exact: true }).click();
  await expect(page.getByTestId("messages-chart-table-total-all")).toHaveText(
    String(await tileNumber(page, "clicks")),
  );
  await shot(page, "after-click");

  // No serious accessibility violation, figures and table open.
  expect(await seriousViolations(page)).toEqual([]);

  // The range: last 7 days is in the address and still holds today's message.
  await page.getByLabel("Date range").selectOption("7d");
  await expect(page).toHaveURL(/[?&]range=7d/);
  await expect(page.getByTestId("analytics-loading")).toHaveCount(0);
  expect(await tileNumber(page, "sent")).toBe(1);
  await expect(page.getByText(/compared with the 7 days before/)).toBeVisible();
  // A custom range that ends before it starts is refused in words.
  await page.getByLabel("Date range").selectOption("custom");
  await page.getByRole("textbox", { name: "From", exact: true }).fill("2026-03-10");
  await page.getByRole("textbox", { name: "To", exact: true }).fill("2026-03-01");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("The start date must be on or before the end date.")).toBeVisible();

  // The CSV export of the last 7 days.
  await openAnalytics(page, "?range=7d");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, "utf8");
  expect(csv).toContain("Headline figures");
  expect(csv).toMatch(/^Messages sent,1,0,\r$/m);
  expect(csv).toMatch(/^Clicks,1,0,\r$/m);
  expect(csv).toContain("Garden Kit,Garden Kit,Welcome,Email,1,");
  expect(company.company).toBeTruthy();
});

test("/admin's platform overview: messages per day of every company and the top companies", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await login(page, platformAdmin);
  await gotoLive(page, "/admin?tab=overview");
  await expect(page.getByRole("tab", { name: "Platform overview", selected: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Top companies by volume" })).toBeVisible();
  await page.getByText("Show the figures as a table").click();
  await expect(page.getByTestId("platform-chart-table-total-all")).toHaveText(
    (await page.getByTestId("platform-sent").textContent()) ?? "",
  );
  await page.getByLabel("Date range").selectOption("90d");
  await expect(page).toHaveURL(/tab=overview/);
  await expect(page).toHaveURL(/range=90d/);
  await shot(page, "admin-overview");
  expect(await seriousViolations(page)).toEqual([]);

  // A read-only admin reads it too.
  const context = await browser.newContext({ baseURL });
  const roPage = await context.newPage();
  await login(roPage, readOnlyAdmin);
  await roPage.goto("/admin?tab=overview");
  await expect(roPage.getByRole("heading", { name: "Top companies by volume" })).toBeVisible();
  await context.close();

  // A company's member is not platform staff: no overview.
  const member = await browser.newContext({ baseURL });
  const memberPage = await member.newPage();
  await login(memberPage, demo);
  await memberPage.goto("/admin?tab=overview");
  await expect(memberPage.getByRole("heading", { name: "Top companies by volume" })).toHaveCount(0);
  await member.close();
});
