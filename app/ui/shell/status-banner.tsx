import { Banner } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useNavigate, useSubmit } from "react-router";
import { asI18nKey } from "~/i18n/keys";

/**
 * The account-status banner of spec 1 section 4; ACTIVE shows none. Read more opens the Stripe
 * billing portal when the company has a Stripe customer, otherwise the Billing tab to pick a plan.
 */
export function StatusBanner(props: {
  status: string;
  lateStartDate: string | null;
  billingPortal: boolean;
}) {
  const { status, lateStartDate, billingPortal } = props;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmit();
  if (status === "ACTIVE") return null;
  const date = lateStartDate
    ? new Date(lateStartDate).toLocaleDateString(i18n.language, { dateStyle: "long" })
    : "";
  const tone = status === "SUSPENDED" || status === "PENDING_PAYMENT" ? "critical" : "warning";
  const goToBilling = () => navigate("/settings?tab=billing");
  const readMore = billingPortal
    ? () => submit({ intent: "portal" }, { method: "post", action: "/resources/billing" })
    : goToBilling;
  return (
    <div className="shell-status-banner">
      <Banner tone={tone} action={{ content: t("shell.readMore"), onAction: readMore }}>
        {status === "CREATED" ? (
          <button type="button" className="link-button" onClick={goToBilling}>
            {t("banners.CREATED")}
          </button>
        ) : (
          t(asI18nKey(`banners.${status}`), { date })
        )}
      </Banner>
    </div>
  );
}
