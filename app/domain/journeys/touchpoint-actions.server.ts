import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, inArray } from "drizzle-orm";
import { data } from "react-router";
import { getDb } from "#db/client.server";
import { contacts } from "#db/schema";
import type { MemberContext } from "~/domain/access/guard.server";
import { can, type Permission } from "~/domain/access/permissions";
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

const failed: Toast = { message: "journeys.toasts.somethingWentWrong", error: true };
const notFound: Toast = { message: "journeys.toasts.notFound", error: true };
const tooMany: Toast = { message: "journeys.toasts.testTooMany", error: true };

export async function touchpointAction(member: MemberContext, request: Request) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const permission = intentPermissions[intent];
  if (!permission) return data({ error: "Unknown intent" }, 400);
  if (!can(member, permission)) throw data({ error: "Forbidden" }, 403);

  switch (intent) {
    case "create":
    case "update":
      return saveDrawer(member, form);
    case "link":
      return saveLink(member, form);
    case "move": {
      const direction = form.get("direction") === "down" ? "down" : "up";
      const moved = await moveTouchpoint(member, String(form.get("id") ?? ""), direction);
      if (!moved.ok && moved.reason === "not_found") return respond(request, form, notFound, { intent }, 404);
      return respond(request, form, { message: "journeys.toasts.moved" }, { intent });
    }
    case "delete": {
      const deleted = await deleteTouchpoint(member, String(form.get("id") ?? ""));
      return respond(request, form, deleted ? { message: "journeys.toasts.deleted" } : notFound, { intent });
    }
    case "state":
      return changeState(member, request, form);
    default:
      return testNow(member, request, form);
  }
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

async function changeState(member: MemberContext, request: Request, form: FormData) {
  const state = String(form.get("state") ?? "") as JourneyState;
  const journey = await getJourney(member, String(form.get("journeyId") ?? ""));
  if (!journey) return respond(request, form, notFound, { intent: "state" }, 404);
  if (!JOURNEY_STATES.includes(state)) return respond(request, form, failed, { intent: "state" }, 400);
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

async function testNow(member: MemberContext, request: Request, form: FormData) {
  const touchpoint = await getTouchpoint(member, String(form.get("id") ?? ""));
  const contactIds = [...new Set(form.getAll("contactId").map(String))].filter(isUuid);
  if (!touchpoint || contactIds.length === 0)
    return respond(request, form, notFound, { intent: "test" }, 404);
  if (contactIds.length > TEST_NOW_MAX_CONTACTS)
    return respond(request, form, tooMany, { intent: "test", notSent: [] }, 400);
  const sent = await sendTouchpointNow(
    { accountId: member.account.id, userId: member.user.id },
    touchpoint.id,
    contactIds,
    // Generated when the form rendered: a second submission of it sends nothing more.
    { requestKey: String(form.get("requestKey") ?? "") },
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
