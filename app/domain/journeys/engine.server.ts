import type { Queryable } from "~/domain/contacts/contacts.server";
import type { JourneyState } from "./types";

/**
 * The journey engine's public face (owned by the engine work; bodies being built this session).
 * Enrollment, journey states, Test now and waking the dispatcher.
 */

export type EngineScope = { accountId: string; userId: string | null };

/** Enrolls a contact in the product's journey at its first touchpoint, once per contact and journey. */
export async function enrollContact(
  _db: Queryable,
  _accountId: string,
  _contactId: string,
  _productId: string,
  _contactProductId: string,
): Promise<void> {
  throw new Error("enrollContact: not built yet");
}

/** Ends the contact's enrollment in the product's journey (the contact was removed from the product). */
export async function endEnrollment(
  _db: Queryable,
  _accountId: string,
  _contactId: string,
  _productId: string,
): Promise<void> {
  throw new Error("endEnrollment: not built yet");
}

/** After touchpoints were added, removed, reordered or their waits changed: recomputes due times. */
export async function rescheduleJourney(
  _db: Queryable,
  _accountId: string,
  _journeyId: string,
): Promise<void> {
  throw new Error("rescheduleJourney: not built yet");
}

export type SetStateResult = { ok: true } | { ok: false; reason: "not_found" | "unchanged" };

/** Changes a journey's state with its effect on enrollments, recorded in journey_state_changes. */
export async function setJourneyState(
  _scope: EngineScope,
  _journeyId: string,
  _state: JourneyState,
): Promise<SetStateResult> {
  throw new Error("setJourneyState: not built yet");
}

export type TestSendOutcome = {
  contactId: string;
  status: "sent" | "failed" | "refused";
  /** refused: opted_out, no_consent, no_address; failed: the provider's reason. */
  reason?: string;
};

/** Test now: sends the touchpoint at once to each contact (quiet hours bypassed, opt-out honoured). */
export async function sendTouchpointNow(
  _scope: EngineScope,
  _touchpointId: string,
  _contactIds: string[],
): Promise<{ ok: true; outcomes: TestSendOutcome[] } | { ok: false; reason: "not_found" }> {
  throw new Error("sendTouchpointNow: not built yet");
}

/** Asks a worker to look for due messages now instead of at its next tick. */
export async function wakeDispatcher(): Promise<void> {}
