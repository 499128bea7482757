import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { legalAcceptances } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { createUser, signedInRequest } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { action, loader } from "./document";

/** /termsandCondition: opening it records the version the user saw, but only through a POST. */

const TERMS_URL = "http://localhost:3000/termsandCondition";
const args = (request: Request) => ({ request, params: {}, context: new RouterContextProvider() }) as never;

describeEachDatabase("legal document route", (getDb) => {
  const acceptancesOf = (userId: string) =>
    getDb().select().from(legalAcceptances).where(eq(legalAcceptances.userId, userId));

  test("a signed-in GET shows the document and records nothing; the page's POST records the version", async () => {
    await seedReferenceData(getDb());
    const user = await createUser();

    const shown = await loader(args(await signedInRequest(user.id, TERMS_URL)));

    expect(shown).toMatchObject({ kind: "terms", signedIn: true });
    expect(await acceptancesOf(user.id)).toEqual([]);

    await action(args(await signedInRequest(user.id, TERMS_URL, { method: "POST" })));

    expect(await acceptancesOf(user.id)).toEqual([expect.objectContaining({ kind: "terms" })]);
  });

  test("a read-only admin's POST records nothing (403)", async () => {
    await seedReferenceData(getDb());
    const roadmin = await createUser({ roles: ["roadmin"] });

    const refused = await action(
      args(await signedInRequest(roadmin.id, TERMS_URL, { method: "POST" })),
    ).catch((thrown: unknown) => thrown);

    expect((refused as { init?: ResponseInit }).init?.status).toBe(403);
    expect(await acceptancesOf(roadmin.id)).toEqual([]);
  });
});
