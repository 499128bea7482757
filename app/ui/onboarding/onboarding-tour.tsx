import type { SubmissionResult } from "@conform-to/react";
import { Page } from "@shopify/polaris";
import type { ViewerUser } from "~/domain/access/guard.server";
import type { OnboardingStep } from "~/domain/shopify/onboarding.server";
import type { StoreProduct } from "~/domain/shopify/store-products.server";
import type { PendingInvitation } from "~/ui/invitations/invitation-prompt";
import { SetupHeader } from "~/ui/setup/setup-header";
import { type ToastData, ToastView } from "~/ui/toast";
import { LinkStoreStep } from "./link-store-step";
import { ProductStepper } from "./product-stepper";
import { RequestAccessStep } from "./request-access-step";
import { ThankYouScreen, WelcomeModal } from "./tour-modals";

export type TourData = {
  step: Exclude<OnboardingStep, { step: "DONE" }>;
  products: Promise<StoreProduct[]> | null;
  shopifyConfigured: boolean;
  readOnly: boolean;
  user: ViewerUser;
  invitations: PendingInvitation[];
  supportEmail: string;
};

export type TourActionData =
  | { intent: string; result?: SubmissionResult<string[]>; toast?: ToastData }
  | undefined;

/** /unboxing-tour: the setup page's header (logo, language, the user menu with Logout) and the step. */
export function OnboardingTour({ data, actionData }: { data: TourData; actionData: TourActionData }) {
  const { step } = data;
  return (
    <div className="setup-page">
      <SetupHeader user={data.user} invitations={data.invitations} />
      <Page narrowWidth={step.step !== "SHOW_STEPPERS"}>
        {step.step === "LINK_STORE" ? (
          <LinkStoreStep
            step={step}
            readOnly={data.readOnly}
            lastResult={actionData?.intent === "link" ? actionData.result : undefined}
            createResult={actionData?.intent === "create" ? actionData.result : undefined}
          />
        ) : null}
        {step.step === "REQUEST_ACCESS" ? <RequestAccessStep step={step} readOnly={data.readOnly} /> : null}
        {step.step === "SHOW_STEPPERS" ? (
          <ProductStepper
            step={step}
            products={data.products}
            shopifyConfigured={data.shopifyConfigured}
            readOnly={data.readOnly}
          />
        ) : null}
        {step.step === "LOCKED" ? <ThankYouScreen supportEmail={data.supportEmail} /> : null}
        {step.step === "WELCOME" ? <WelcomeModal readOnly={data.readOnly} /> : null}
      </Page>
      <ToastView toast={actionData?.toast} />
    </div>
  );
}
