import { data, redirect } from "react-router";
import { config } from "~/config.server";
import { permit, requireViewer, type Viewer, viewerSubject } from "~/domain/access/guard.server";
import { parseIntent, unknownIntent } from "~/domain/actions/intent";
import {
  type CookieSession,
  commit,
  getCookieSession,
  redirectWithToast,
} from "~/domain/auth/session.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import {
  createCompanyForStore,
  dismissWelcome,
  enterStoreCompany,
  linkStoreToCompany,
  onboardingProfile,
  onboardingStep,
  requestStoreAccess,
  shopFromStoreDetails,
} from "~/domain/shopify/onboarding.server";
import { onboardingIntentSchema } from "~/domain/shopify/onboarding-schemas";
import {
  fetchStoreProducts,
  type StoreProduct,
  submitPickedProducts,
} from "~/domain/shopify/store-products.server";
import { listMyInvitations } from "~/domain/team/invitations.server";
import { OnboardingTour } from "~/ui/onboarding/onboarding-tour";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/unboxing-tour";

/**
 * /unboxing-tour, store onboarding (spec 1 sections 2 and 4): LINK_STORE, REQUEST_ACCESS, the product
 * stepper, the thank-you modal of a locked profile, and the welcome pop-up of a new store profile.
 * Signed in, with or without a company (requireViewer: requireMember would send a locked company's
 * users back here). The store is the one whose install this browser completed, or the active
 * company's; without either there is nothing to onboard and the user goes to /.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const session = await getCookieSession(request);
  const profile = await onboardingProfile(viewer, shopFromStoreDetails(session.get("storeDetails")));
  if (!profile) throw await leaveTour(session, "/");
  const step = await onboardingStep(viewer, profile);
  if (step.step === "DONE") {
    // Spec 1 section 4: the store's company becomes the active one, storeDetails is cleared, on to /.
    await enterStoreCompany(viewer, step.accountId);
    throw await leaveTour(session, "/");
  }
  const shopifyConfigured = config().shopifyConfigured;
  // Streamed: the page shows 'Fetching your products…' until the store answers. A failure is only
  // logged (spec 1 section 8) and shows as an empty store.
  const products: Promise<StoreProduct[]> | null =
    step.step === "SHOW_STEPPERS" && shopifyConfigured
      ? fetchStoreProducts(profile.shopDomain).catch((error) => {
          console.warn(`Fetching the products of ${profile.shopDomain} failed`, error);
          return [];
        })
      : null;
  return {
    step,
    products,
    shopifyConfigured,
    readOnly: viewerSubject(viewer).readOnly,
    user: viewer.user,
    invitations: await listMyInvitations(viewer),
    supportEmail: config().SUPPORT_EMAIL,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer({ request, context });
  const submission = parseIntent(await request.formData(), onboardingIntentSchema);
  if (submission.status !== "success")
    return data({ intent: String(submission.payload.intent ?? ""), result: submission.reply() }, 400);
  const session = await getCookieSession(request);
  const input = submission.value;
  if (input.intent === "skip") return leaveTour(session, "/");
  permit(viewerSubject(viewer), input.intent === "request" ? "access.request" : "store.onboard");
  const profile = await onboardingProfile(viewer, shopFromStoreDetails(session.get("storeDetails")));
  if (!profile) return leaveTour(session, "/");
  const back = (toast?: Parameters<typeof redirectWithToast>[2]) =>
    toast ? redirectWithToast(request, "/unboxing-tour", toast) : redirect("/unboxing-tour");
  switch (input.intent) {
    case "link": {
      const outcome = await linkStoreToCompany(viewer, profile.shopDomain, input.accountId);
      if (outcome === "linked") {
        const company = viewer.memberships.find((m) => m.accountId === input.accountId)?.company ?? "";
        return back({ message: "shopifyOnboarding.toasts.storeConnected", values: { company } });
      }
      // Linked by someone else meanwhile: the tour now shows where the store belongs.
      if (outcome === "store_taken") return back();
      const message = outcome === "company_has_store" ? "companyHasStore" : "notAdmin";
      const result = submission.reply({ formErrors: [`shopifyOnboarding.link.${message}`] });
      return data({ intent: input.intent, result }, 400);
    }
    case "create": {
      const created = await createCompanyForStore(viewer, profile.shopDomain, input);
      if (!created.ok) return back({ message: "shopifyOnboarding.link.storeTaken", error: true });
      return back({ message: "shopifyOnboarding.toasts.organizationCreated" });
    }
    case "request": {
      const outcome = await requestStoreAccess(viewer, profile);
      return outcome === "requested"
        ? back({ message: "shopifyOnboarding.toasts.requestSubmitted" })
        : back();
    }
    case "products": {
      const submitted = await submitPickedProducts(viewer, profile, input.productIds);
      if (!submitted.ok)
        return data({ intent: input.intent, toast: somethingWentWrong, reason: submitted.reason }, 400);
      return back();
    }
    case "welcome":
      return finishWithWelcome(viewer, session, profile);
    default:
      return unknownIntent();
  }
}

const somethingWentWrong = { message: "shopifyOnboarding.toasts.somethingWentWrong", error: true } as const;

/** Continue on 'Welcome to the product!': once per store, then to the new journeys in the store's company. */
async function finishWithWelcome(
  viewer: Viewer,
  session: CookieSession,
  profile: NonNullable<Awaited<ReturnType<typeof onboardingProfile>>>,
) {
  if (!(await dismissWelcome(viewer, profile)) || !profile.accountId) return redirect("/unboxing-tour");
  await enterStoreCompany(viewer, profile.accountId);
  return leaveTour(session, "/touchpoints");
}

/** Skip, finish or nothing to do: storeDetails is cleared (spec 3 section 3: finishing, skipping, logout). */
async function leaveTour(session: CookieSession, to: string) {
  session.unset("storeDetails");
  return redirect(to, { headers: await commit(session) });
}

export default function UnboxingTour({ loaderData, actionData }: Route.ComponentProps) {
  return <OnboardingTour data={loaderData} actionData={actionData} />;
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
