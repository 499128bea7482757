/**
 * The demo company's id, fixed so that README, the e2e tests and links can name it. Its own module:
 * db/seed.ts creates the company and then runs the demo catalog, which fills it.
 */
export const DEMO_ACCOUNT_ID = "0f4c8b9e-2d3a-4c5b-8e6f-7a8b9c0d1e2f";
