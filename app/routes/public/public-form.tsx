import { clientIpContext } from "~/context.server";
import type { Route } from "./+types/public-form";
import {
  type PublicFormAnswer,
  type PublicFormVisit,
  postPublicForm,
  showPublicForm,
} from "./public-form.server";

/**
 * The public sign-up form, /contact-form-builder/m/{id} and /contact-form/contact-form-builder/m/{id}
 * (spec 3 §2.3, §4.2): a resource route that answers whole HTML documents of its own (no Polaris, no
 * React on the client), framable by any site. Without script, the form posts here and gets the page
 * back with its messages; /forms/form.js posts the same fields and asks for JSON. The answers are
 * public-form.server.ts's; in production the Express front serves both URLs with them directly
 * (app/serve-public-form.server.ts), and this module serves them in development and React Router's
 * own requests.
 */

function toResponse(answer: PublicFormAnswer): Response {
  return new Response(answer.body as BodyInit, { status: answer.status, headers: answer.headers });
}

function visitOf(request: Request, id: string, clientIp: string | null): PublicFormVisit {
  return {
    id,
    productId: new URL(request.url).searchParams.get("productId"),
    header: (name) => request.headers.get(name) ?? undefined,
    body: async () => new Uint8Array(await request.arrayBuffer()),
    clientIp,
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return toResponse(await showPublicForm(visitOf(request, params.id, context.get(clientIpContext) ?? null)));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return toResponse(await postPublicForm(visitOf(request, params.id, context.get(clientIpContext) ?? null)));
}
