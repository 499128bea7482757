import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, inArray } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import { getDb } from "#db/client.server";
import { contacts } from "#db/schema";
import type { MemberContext } from "~/domain/access/guard.server";
import { can, type Permission } from "~/domain/access/permissions";
import { optionalText, parseIntent, rejectedForm, unknownIntent, uuidField } from "~/domain/actions/intent";
import { respond } from "~/domain/actions/respond.server";
import type { Toast } from "~/domain/actions/toast";
import { setJourneyState } from "~/domain/journeys/engine.server";
import { sendTouchpointNow, TEST_NOW_MAX_CONTACTS } from "~/domain/journeys/test-now.server";
import {
  createTouchpoint,
  deleteTouchpoint,
  moveTouchpoint,
  type SaveResult,
  updateTouchpoint,
  updateTouchpointLink,
} from "~/domain/journeys/touchpoint-edits.server";
import { touchpointLinkSchema, touchpointSchema } from "~/domain/journeys/touchpoint-schemas";
import { getJourney, getTouchpoint } from "~/domain/journeys/touchpoints.server";
import { JOURNEY_STATES, type JourneyState } from "~/domain/journeys/types";
import { isUuid } from "~/domain/kernel/ids";

/**
 * The touchpoint manager's writes. Company admins add, edit, reorder and delete touchpoints and
 * change a journey's state; any member who is not read-only may edit a touchpoint's link and send it
 * with Test now (the spec's touchpoint edit and send). Read-only admins get 403 on every intent.
 */
const intentPermissions: Record<string, Permission> = {
  create: "journeys.manage",
  update: "journeys.manage",
  move: "journeys.manage",
  delete: "journeys.manage",
  state: "journeys.manage",
  // The spec's touchpoint edit (the link) and send: the same members as Test now.
  link: "touchpoints.test",
  test: "touchpoints.test",
};

export type DrawerAnswer = {
  intent: "create" | "update" | "link";
  result: SubmissionResult<string[]>;
  done: boolean;
  toast: Toast | null;
};

export type TestAnswer = {
  intent: "test";
  toast: Toast;
  notSent: Array<{ name: string; reason: string; detail?: string }>;
};

const notFound: Toast = { message: "journeys.toasts.notFound", error: true };
const tooMany: Toast = { message: "journeys.toasts.testTooMany", error: true };

// The writes that are not the drawer's (the drawer parses its own schemas, which keep what was typed).
const moveSchema = z.object({
  intent: z.literal("move"),
  id: uuidField,
  direction: z.enum(["up", "down"]).default("up"),
});
const deleteSchema = z.object({ intent: z.literal("delete"), id: uuidField });
const stateSchema = z.object({
  intent: z.literal("state"),
  journeyId: uuidField,
  state: z.enum(JOURNEY_STATES as [JourneyState, ...JourneyState[]]),
});
const testSchema = z.object({
  intent: z.literal("test"),
  id: uuidField,
  // Ids that are not UUIDs are left out, as contacts that are not the company's are.
  contactId: z.array(z.string()).default([]),
  requestKey: optionalText,
});
const writeSchema = z.discriminatedUnion("intent", [moveSchema, deleteSchema, stateSchema, testSchema]);
type Write<Intent> = Extract<z.infer<typeof writeSchema>, { intent: Intent }>;

export async function touchpointAction(member: MemberContext, request: Request) {
  const form = await request.formData();
  // The permission first: a read-only admin's forged write gets 403 whatever else it holds.
  const intent = form.get("intent");
  // Own keys only: "constructor" or "toString" must not find Object's.
  const permission =
    typeof intent === "string" && Object.hasOwn(intentPermissions, intent)
      ? intentPermissions[intent]
      : undefined;
  if (!permission) return unknownIntent();
  if (!can(member, permission)) throw data({ error: "Forbidden" }, 403);
  if (intent === "create" || intent === "update") return saveDrawer(member, form);
  if (intent === "link") return saveLink(member, form);

  const submission = parseIntent(form, writeSchema);
  if (submission.status !== "success") return rejectedForm(submission);
  const write = submission.value;
  switch (write.intent) {
    case "move":
      return move(member, request, form, write);
    case "delete":
      return remove(member, request, form, write);
    case "state":
      return changeState(member, request, form, write);
    case "test":
      return testNow(member, request, form, write);
    default:
      return unknownIntent();
  }
}

async function move(member: MemberContext, request: Request, form: FormData, write: Write<"move">) {
  const moved = await moveTouchpoint(member, write.id, write.direction);
  if (!moved.ok && moved.reason === "not_found")
    return respond(request, form, notFound, { intent: "move" }, 404);
  return respond(request, form, { message: "journeys.toasts.moved" }, { intent: "move" });
}

async function remove(member: MemberContext, request: Request, form: FormData, write: Write<"delete">) {
  const deleted = await deleteTouchpoint(member, write.id);
  return respond(request, form, deleted ? { message: "journeys.toasts.deleted" } : notFound, {
    intent: "delete",
  });
}

async function saveDrawer(member: MemberContext, form: FormData) {
  const submission = parseWithZod(form, { schema: touchpointSchema });
  if (submission.status !== "success")
    return data({ intent: "create", result: submission.reply(), done: false, toast: null }, 400);
  const { intent, id, journeyId, ...input } = submission.value;
  const saved =
    intent === "create"
      ? await createTouchpoint(member, journeyId ?? "", input)
      : await updateTouchpoint(member, id ?? "", input);
  return answerSave(intent, submission.reply(), saved);
}

async function saveLink(member: MemberContext, form: FormData) {
  const submission = parseWithZod(form, { schema: touchpointLinkSchema });
  if (submission.status !== "success")
    return data({ intent: "link", result: submission.reply(), done: false, toast: null }, 400);
  const saved = await updateTouchpointLink(member, submission.value.id, submission.value.linkTarget);
  if (!saved.ok && saved.reason === "link_needed")
    return data(
      {
        intent: "link",
        result: submission.reply({ fieldErrors: { linkTarget: ["journeys.validation.linkNeeded"] } }),
        done: false,
        toast: null,
      },
      400,
    );
  return answerSave("link", submission.reply(), saved);
}

/** Failures keep the drawer open with what was typed; success closes it. */
function answerSave(intent: DrawerAnswer["intent"], result: SubmissionResult<string[]>, saved: SaveResult) {
  if (saved.ok) {
    const toast: Toast = {
      message: intent === "create" ? "journeys.toasts.created" : "journeys.toasts.saved",
    };
    return { intent, result, done: true, toast } satisfies DrawerAnswer;
  }
  const toast: Toast =
    saved.reason === "link_failed"
      ? { message: "journeys.toasts.linkFailed", error: true }
      : saved.reason === "not_found"
        ? notFound
        : { message: "journeys.toasts.saveFailed", error: true };
  const status = saved.reason === "not_found" ? 404 : 502;
  return data({ intent, result, done: false, toast } satisfies DrawerAnswer, status);
}

async function changeState(member: MemberContext, request: Request, form: FormData, write: Write<"state">) {
  const journey = await getJourney(member, write.journeyId);
  if (!journey) return respond(request, form, notFound, { intent: "state" }, 404);
  const state = write.state;
  const changed = await setJourneyState(
    { accountId: member.account.id, userId: member.user.id },
    journey.id,
    state,
  );
  if (changed.ok)
    return respond(request, form, { message: `journeys.toasts.stateChanged.${state}` }, { intent: "state" });
  return respond(
    request,
    form,
    changed.reason === "unchanged" ? { message: "journeys.toasts.stateUnchanged" } : notFound,
    { intent: "state" },
    changed.reason === "unchanged" ? 200 : 404,
  );
}

async function testNow(member: MemberContext, request: Request, form: FormData, write: Write<"test">) {
  const touchpoint = await getTouchpoint(member, write.id);
  const contactIds = [...new Set(write.contactId)].filter(isUuid);
  if (!touchpoint || contactIds.length === 0)
    return respond(request, form, notFound, { intent: "test" }, 404);
  if (contactIds.length > TEST_NOW_MAX_CONTACTS)
    return respond(request, form, tooMany, { intent: "test", notSent: [] }, 400);
  const sent = await sendTouchpointNow(
    { accountId: member.account.id, userId: member.user.id },
    touchpoint.id,
    contactIds,
    // Generated when the form rendered: a second submission of it sends nothing more.
    { requestKey: write.requestKey },
  );
  if (!sent.ok) return respond(request, form, notFound, { intent: "test" }, 404);
  const names = await contactNames(member, contactIds);
  const notSent = sent.outcomes
    .filter((outcome) => outcome.status !== "sent")
    .map((outcome) => ({
      name: names.get(outcome.contactId) ?? outcome.contactId,
      reason: outcome.status === "failed" ? "failed" : (outcome.reason ?? "unknown"),
      // Never the provider's own text (it is in the log under this id).
      detail: outcome.status === "failed" ? outcome.errorId : undefined,
    }));
  const anySent = sent.outcomes.some((outcome) => outcome.status === "sent");
  const toast: Toast = anySent
    ? { message: "journeys.toasts.sent" }
    : { message: "journeys.toasts.notSent", error: true };
  return respond(request, form, toast, { intent: "test", notSent }, 200);
}

/** The names of the company's contacts among the ids. */
async function contactNames(member: MemberContext, ids: string[]) {
  const rows = await getDb()
    .select({ id: contacts.id, first: contacts.firstName, last: contacts.lastName })
    .from(contacts)
    .where(and(eq(contacts.accountId, member.account.id), inArray(contacts.id, ids)));
  return new Map(rows.map((row) => [row.id, `${row.first} ${row.last}`]));
}
