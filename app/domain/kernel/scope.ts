import type { Db, Tx } from "#db/client.server";

/**
 * What tenant-scoped domain functions need of the caller: the company they act for. A MemberContext
 * is one; so is a background job's { account: { id } } (CSV import, journey engine). Functions that
 * also need the acting user or their permissions take MemberContext, which satisfies this.
 */
export type AccountScope = { account: { id: string } };

/** The database or an open transaction: a domain function that takes one joins the caller's transaction. */
export type Queryable = Db | Tx;
