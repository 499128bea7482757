import { z } from "zod";
import { isUuid } from "~/domain/kernel/ids";

/** A chat message is 1 to this many characters, from either side. Client-safe (the inbox's form). */
export const MAX_MESSAGE_LENGTH = 2000;

/** The inbox's reply form: one message, with the key that stores a retried post once. */
export const replySchema = z.object({
  conversationId: z.string().refine(isUuid, "chatApp.inbox.notFound"),
  body: z
    .string({ error: "chatApp.inbox.replyEmpty" })
    .trim()
    .min(1, "chatApp.inbox.replyEmpty")
    .max(MAX_MESSAGE_LENGTH, "chatApp.inbox.replyTooLong"),
  clientKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type Reply = z.infer<typeof replySchema>;
