import { Page, Tabs } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { data, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { config } from "~/config.server";
import { type MemberContext, requireMember, requireMemberWith } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { respond } from "~/domain/actions/respond.server";
import type { Toast } from "~/domain/actions/toast";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { catalogueSyncOf, requestCatalogueSync } from "~/domain/shopify/commerce/catalogue.server";
import { mappingRequest, syncForm } from "~/domain/shopify/commerce/mapping-schemas";
import {
  listProductMappings,
  type MappingPlan,
  planMapping,
  saveMapping,
} from "~/domain/shopify/commerce/mappings.server";
import { findEnabledStoreProfileForAccount } from "~/domain/shopify/store-profiles.server";
import { BodyTooLargeError, readBodyWithin } from "~/domain/shopify/webhooks/request-body.server";
import { answerTritechMapping } from "~/domain/tritech/mapping-action.server";
import { listTritechMappings } from "~/domain/tritech/mappings.server";
import { isTritechSynced } from "~/domain/tritech/profile.server";
import { ShopifyTab } from "~/ui/product-mapping/shopify-tab";
import { syncView } from "~/ui/product-mapping/sync-view";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { TritechTab } from "~/ui/tritech/mapping-tab";
import type { Route } from "./+types/product-mapping";

const TABS = ["shopify", "tritech"] as const;
// The server's own limit: a select-all of 25,000 numeric variant ids is about 400 KB of JSON.
const SELECTION_BODY_LIMIT = 1024 * 1024;

/**
 * /product-mapping (spec 2 section 2): our products mapped to the linked store's products (Shopify
 * tab), or to Tri-Tech category-subcategory pairs (?tab=tritech).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const tab = new URL(request.url).searchParams.get("tab") === "tritech" ? "tritech" : "shopify";
  const configured = config().shopifyConfigured;
  const store = configured ? await findEnabledStoreProfileForAccount(member) : null;
  return {
    tab: tab as (typeof TABS)[number],
    configured,
    store: store ? { shop: store.shopDomain, storeName: store.storeName } : null,
    rows: store ? await listProductMappings(member) : [],
    sync: syncView(store ? await catalogueSyncOf(member) : null),
    canMap: can(member, "products.map"),
    tritech:
      tab === "tritech"
        ? {
            synced: await isTritechSynced(member),
            rows: await listTritechMappings(member),
            canMap: can(member, "tritech.configure"),
          }
        : null,
  };
}

/**
 * Sync Now (a form) and the edit modal's preview and save (JSON). Read-only admins and anyone else
 * without products.map get 403 from the guard.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMemberWith({ request, context }, "products.map");
  if (request.headers.get("Content-Type")?.includes("application/json"))
    return mappingAction(member, request);
  const form = await request.formData();
  if (form.get("intent") === "tritech-mapping") return answerTritechMapping(request, form, member);
  if (!syncForm.safeParse({ intent: form.get("intent") }).success) return data({ error: "Bad request" }, 400);
  const requested = await requestCatalogueSync(member);
  if (!requested.ok)
    return respond(request, form, { message: "productMapping.shopifyNotConnectedTitle", error: true });
  return respond(request, form, { message: "productMapping.syncStarted" }, { runId: requested.runId });
}

async function mappingAction(member: MemberContext, request: Request) {
  let body: unknown;
  try {
    body = JSON.parse(await readBodyWithin(request, SELECTION_BODY_LIMIT));
  } catch (error) {
    return data({ error: "Bad request" }, error instanceof BodyTooLargeError ? 413 : 400);
  }
  const parsed = mappingRequest.safeParse(body);
  if (!parsed.success) return data({ error: "Bad request" }, 400);
  const { intent, productId, variantIds } = parsed.data;
  if (intent === "preview") {
    const plan = await planMapping(member, productId, variantIds);
    if (!plan.ok)
      return data({ intent, problem: problemOf(plan) }, plan.reason === "product-not-found" ? 404 : 400);
    return { intent, plan };
  }
  const saved = await saveMapping(member, productId, variantIds);
  if (!saved.ok)
    return data({ intent, problem: problemOf(saved) }, saved.reason === "product-not-found" ? 404 : 409);
  return {
    intent,
    change: saved.change,
    toast: { message: "productMapping.mappedSuccessfully" } satisfies Toast,
  };
}

/** Why a selection cannot be saved, in the spec's words where it has some. */
function problemOf(plan: Exclude<MappingPlan, { ok: true }>): Toast {
  switch (plan.reason) {
    case "nothing-selected":
      return { message: "productMapping.selectAtLeastOne" };
    case "taken": {
      const [first] = plan.taken;
      return {
        message: "productMapping.variantTaken",
        values: {
          variant: first?.variantTitle ?? first?.variantId ?? "",
          storeProduct: first?.productTitle ?? first?.shopifyProductId ?? "",
          name: first?.productName ?? "",
        },
        error: true,
      };
    }
    case "unknown-variants":
      return { message: "productMapping.unknownVariants", error: true };
    default:
      return { message: "productMapping.productGone", error: true };
  }
}

/** The status preview changes nothing: the page's data is not read again after it. */
export function shouldRevalidate({ json, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((json as { intent?: unknown } | undefined)?.intent === "preview") return false;
  return defaultShouldRevalidate;
}

export default function ProductMapping({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const selected = TABS.indexOf(loaderData.tab);
  const tabs = TABS.map((id) => ({
    id: `mapping-${id}`,
    content: t(`productMapping.tabs.${id}`),
    panelID: `panel-${id}`,
  }));
  return (
    <Page
      backAction={{ content: t("productMapping.back"), url: "/product" }}
      title={t("productMapping.title")}
    >
      <Tabs
        tabs={tabs}
        selected={selected}
        onSelect={(index) =>
          setSearchParams(index ? { tab: TABS[index] } : {}, { preventScrollReset: true, replace: true })
        }
      >
        <div id={`panel-${loaderData.tab}`} role="tabpanel" aria-labelledby={`mapping-${loaderData.tab}`}>
          {loaderData.tritech ? <TritechTab data={loaderData.tritech} /> : <ShopifyTab data={loaderData} />}
        </div>
      </Tabs>
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
