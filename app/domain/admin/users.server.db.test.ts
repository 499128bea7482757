import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { users } from "#db/schema";
import { addMembership, createAccount, createUser, type UserOptions } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { listUsers, loadUsersTab } from "./users.server";
import { defaultUsersQuery, type UsersQuery } from "./users-query";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describeEachDatabase("admin users tab", (getDb) => {
  /** A user created `minutes` ago (the Created At column and its default sort). */
  async function userCreated(minutes: number, options: UserOptions = {}) {
    const user = await createUser(options);
    await getDb()
      .update(users)
      .set({ createdAt: minutesAgo(minutes) })
      .where(eq(users.id, user.id));
    return user;
  }
  const list = (query: Partial<UsersQuery>) => listUsers({ ...defaultUsersQuery, ...query });
  const emails = async (query: Partial<UsersQuery>) => (await list(query)).rows.map((r) => r.email);

  test("lists every user, newest first, with name, status, companies and creation time", async () => {
    const acme = await createAccount({ company: "Acme" });
    const bolt = await createAccount({ company: "bolt" });
    const old = await userCreated(30, { email: "old@example.com", givenName: "Olga", familyName: "Old" });
    const mid = await userCreated(20, { email: "mid@example.com", verified: false });
    const fresh = await userCreated(10, { email: "fresh@example.com", suspended: true });
    await addMembership(old.id, bolt.id);
    await addMembership(old.id, acme.id);

    const result = await list({});

    expect(result.total).toBe(3);
    expect(result.rows.map((r) => [r.email, r.status])).toEqual([
      ["fresh@example.com", "suspended"],
      ["mid@example.com", "unconfirmed"],
      ["old@example.com", "active"],
    ]);
    expect(result.rows[2]).toEqual({
      id: old.id,
      givenName: "Olga",
      familyName: "Old",
      email: "old@example.com",
      status: "active",
      companies: [
        { id: acme.id, company: "Acme" },
        { id: bolt.id, company: "bolt" },
      ],
      createdAt: expect.any(String),
    });
    expect(new Date(result.rows[2].createdAt).getTime()).toBeLessThan(
      new Date(result.rows[1].createdAt).getTime(),
    );
    expect(result.rows.map((r) => r.id)).toEqual([fresh.id, mid.id, old.id]);
    expect(result.rows[0].companies).toEqual([]);
  });

  test("searches by email, first name, last name or company: a substring, ignoring case", async () => {
    const acme = await createAccount({ company: "Acme Widgets" });
    const bolt = await createAccount({ company: "Bolt" });
    const ann = await userCreated(3, { email: "ann.smith@acme.test", givenName: "Ann", familyName: "Smith" });
    const bob = await userCreated(2, { email: "bob@bolt.test", givenName: "Bob", familyName: "Annaway" });
    await userCreated(1, { email: "carl@else.test", givenName: "Carl", familyName: "Jones" });
    await addMembership(ann.id, acme.id);
    await addMembership(bob.id, bolt.id);
    await addMembership(bob.id, acme.id);

    expect(await emails({ searchBy: "email", search: "ACME" })).toEqual(["ann.smith@acme.test"]);
    expect(await emails({ searchBy: "email", search: "test" })).toHaveLength(3);
    expect(await emails({ searchBy: "firstName", search: "an" })).toEqual(["ann.smith@acme.test"]);
    expect(await emails({ searchBy: "lastName", search: "ANN" })).toEqual(["bob@bolt.test"]);
    expect(await emails({ searchBy: "lastName", search: "smith" })).toEqual(["ann.smith@acme.test"]);
    expect(await emails({ searchBy: "company", search: "widg" })).toEqual([
      "bob@bolt.test",
      "ann.smith@acme.test",
    ]);
    expect(await emails({ searchBy: "company", search: "bolt" })).toEqual(["bob@bolt.test"]);
    expect(await emails({ searchBy: "company", search: "nobody" })).toEqual([]);
    expect((await list({ searchBy: "company", search: "widg" })).total).toBe(2);
  });

  test("search text is literal: % and _ match only themselves", async () => {
    await userCreated(2, { email: "a_b@example.com" });
    await userCreated(1, { email: "axb@example.com", givenName: "100%" });

    expect(await emails({ searchBy: "email", search: "a_b" })).toEqual(["a_b@example.com"]);
    expect(await emails({ searchBy: "firstName", search: "%" })).toEqual(["axb@example.com"]);
    expect(await emails({ searchBy: "firstName", search: "0%" })).toEqual(["axb@example.com"]);
  });

  test("sorts by name, email or creation time, either way", async () => {
    await userCreated(1, { email: "zed@example.com", givenName: "amy", familyName: "Zed" });
    await userCreated(2, { email: "amy@example.com", givenName: "Amy", familyName: "Adams" });
    await userCreated(3, { email: "bo@example.com", givenName: "Bo", familyName: "Brown" });

    expect(await emails({ sort: "name", direction: "asc" })).toEqual([
      "amy@example.com",
      "zed@example.com",
      "bo@example.com",
    ]);
    expect(await emails({ sort: "name", direction: "desc" })).toEqual([
      "bo@example.com",
      "zed@example.com",
      "amy@example.com",
    ]);
    expect(await emails({ sort: "email", direction: "asc" })).toEqual([
      "amy@example.com",
      "bo@example.com",
      "zed@example.com",
    ]);
    expect(await emails({ sort: "createdAt", direction: "asc" })).toEqual([
      "bo@example.com",
      "amy@example.com",
      "zed@example.com",
    ]);
    expect(await emails({ sort: "createdAt", direction: "desc" })).toEqual([
      "zed@example.com",
      "amy@example.com",
      "bo@example.com",
    ]);
  });

  test("pages in the database with the total of all matches; a page past the end shows the last", async () => {
    for (let i = 0; i < 23; i++) {
      await userCreated(100 - i, { email: `user${String(i).padStart(2, "0")}@example.com` });
    }
    await userCreated(200, { email: "other@elsewhere.test" });

    const first = await list({ searchBy: "email", search: "@example", sort: "email", direction: "asc" });
    expect(first.total).toBe(23);
    expect(first.rows.map((r) => r.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `user${String(i).padStart(2, "0")}@example.com`),
    );

    const third = await list({
      searchBy: "email",
      search: "@example",
      sort: "email",
      direction: "asc",
      page: 3,
    });
    expect(third.total).toBe(23);
    expect(third.query.page).toBe(3);
    expect(third.rows.map((r) => r.email)).toEqual([
      "user20@example.com",
      "user21@example.com",
      "user22@example.com",
    ]);

    const big = await list({ pageSize: 20, page: 2 });
    expect(big.total).toBe(24);
    expect(big.rows).toHaveLength(4);

    const past = await list({ searchBy: "email", search: "@example", page: 9 });
    expect(past.query.page).toBe(3);
    expect(past.rows).toHaveLength(3);
  });

  test("loadUsersTab reads the query from the URL and falls back to the defaults", async () => {
    await userCreated(2, { email: "ann@example.com", givenName: "Ann" });
    await userCreated(1, { email: "bob@example.com", givenName: "Bob" });

    const byName = await loadUsersTab(
      new URL("http://localhost/admin?tab=users&by=firstName&q=+bo+&sort=name&dir=asc&size=20"),
    );
    expect(byName.rows.map((r) => r.email)).toEqual(["bob@example.com"]);
    expect(byName.query).toEqual({
      searchBy: "firstName",
      search: "bo",
      sort: "name",
      direction: "asc",
      page: 1,
      pageSize: 20,
    });

    const junk = await loadUsersTab(
      new URL("http://localhost/admin?tab=users&by=x&sort=y&dir=z&size=7&page=-2"),
    );
    expect(junk.query).toEqual(defaultUsersQuery);
    expect(junk.rows.map((r) => r.email)).toEqual(["bob@example.com", "ann@example.com"]);
  });
});
