import { Button, InlineStack, Spinner, Text } from "@shopify/polaris";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useLocation } from "react-router";
import { config } from "~/config.server";
import { clientIpContext } from "~/context.server";
import { getOptionalViewer } from "~/domain/access/guard.server";
import { commit, getCookieSession } from "~/domain/auth/session.server";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { completeStoreInstall } from "~/domain/shopify/install.server";
import { storeDetailsValue } from "~/domain/shopify/onboarding.server";
import { AuthLayout } from "~/ui/auth-layout";
import { InstallProblemPage } from "~/ui/onboarding/install-problem";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import type { Route } from "./+types/redirect";

/**
 * /shopify-redirect (spec 3 section 2.6), public: where Shopify sends the browser back with code, shop,
 * hmac, state and timestamp. It shows 'Please wait. We’re checking!' while the server checks, so the
 * check runs in the action, not in this loader: the page renders at once, then posts its own URL back
 * (a plain document POST, because the library's state cookie is scoped to this exact path and a
 * `.data` fetch would not carry it). Without JavaScript the same post is a Continue button. No session
 * guard: the OAuth answer (HMAC, this browser's signed state, a one-time code) is what is checked.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!config().shopifyConfigured) return data({ problem: "not_configured" as const }, 503);
  const query = new URL(request.url).searchParams;
  if (!query.get("code") || !query.get("shop") || !query.get("hmac") || !query.get("state"))
    return data({ problem: "missing_params" as const }, 400);
  return { problem: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await completeStoreInstall(request, context.get(clientIpContext));
  if (!outcome.ok) return data({ problem: outcome.problem }, outcome.status);
  // The hand-off (spec 1 section 4): signed in, on to the tour; otherwise the store waits in the
  // session while the user signs in or signs up, and login sends them to the tour.
  const session = await getCookieSession(request);
  session.set("storeDetails", storeDetailsValue(outcome.shop));
  const viewer = await getOptionalViewer({ request, context });
  if (!viewer) session.flash("feedback", "shopifyOnboarding.redirect.signInToConnect");
  const headers = new Headers(outcome.headers);
  headers.append("Set-Cookie", (await commit(session))["Set-Cookie"]);
  return redirect(viewer ? "/unboxing-tour" : "/signin", { headers });
}

export default function ShopifyRedirect({ loaderData, actionData }: Route.ComponentProps) {
  const problem = actionData?.problem ?? loaderData.problem;
  if (problem) return <InstallProblemPage problem={problem} />;
  return <Checking />;
}

function Checking() {
  const { t } = useTranslation();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  // Once: a second post would find its state already used and be refused as a replay.
  const posted = useRef(false);
  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    form.current?.requestSubmit();
  }, []);
  return (
    <AuthLayout title={t("shopifyOnboarding.install.title")}>
      <InlineStack gap="300" blockAlign="center">
        <Spinner size="small" />
        <output>
          <Text as="p" variant="headingMd">
            {t("shopifyOnboarding.redirect.checking")}
          </Text>
        </output>
      </InlineStack>
      <Form ref={form} method="post" action={`/shopify-redirect${location.search}`} reloadDocument>
        <noscript>
          <Button submit variant="primary">
            {t("shopifyOnboarding.redirect.continue")}
          </Button>
        </noscript>
      </Form>
    </AuthLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
