import { z } from "zod";

/**
 * The tracking events the public form forwards to an optional CRM (spec 3 §4.2 and §7's
 * notify_about_user_tracker_event): their name, the company, and what is known of the visitor. A job
 * carries them with product ids; the delivery adds the products' names (CrmEvent).
 */

export const CRM_EVENT_NAMES = ["Form Page Loads", "Form Submitted"] as const;
export type CrmEventName = (typeof CRM_EVENT_NAMES)[number];

const optionalText = z.string().max(1000).nullable();

export const pendingCrmEventSchema = z.object({
  /** Unique per event: the webhook-id header, so a receiver can drop a delivery it already has. */
  event_id: z.string().uuid(),
  event_name: z.enum(CRM_EVENT_NAMES),
  /** When it happened (ISO 8601, UTC), not when it was delivered. */
  occurred_at: z.string().datetime(),
  account_id: z.string().uuid(),
  form_id: z.string().uuid(),
  email: optionalText,
  firstname: optionalText,
  lastname: optionalText,
  phoneNumber: optionalText,
  ipaddress: z.string().max(64).nullable(),
  product_ids: z.array(z.string().uuid()).max(200),
});
export type PendingCrmEvent = z.infer<typeof pendingCrmEventSchema>;

/** What the CRM receives: the pending event with its products named. */
export type CrmEvent = Omit<PendingCrmEvent, "product_ids"> & { products: { id: string; name: string }[] };

/** Events per delivery job: one insert queues many, one failure re-sends few. */
export const CRM_EVENTS_PER_JOB = 50;
