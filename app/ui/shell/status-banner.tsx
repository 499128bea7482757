import { Banner } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { asI18nKey } from "~/i18n/keys";

/** The account-status banner of spec 1 section 4; ACTIVE shows none. */
export function StatusBanner({ status, lateStartDate }: { status: string; lateStartDate: string | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  if (status === "ACTIVE") return null;
  const date = lateStartDate
    ? new Date(lateStartDate).toLocaleDateString(i18n.language, { dateStyle: "long" })
    : "";
  const tone = status === "SUSPENDED" || status === "PENDING_PAYMENT" ? "critical" : "warning";
  const goToBilling = () => navigate("/settings?tab=billing");
  return (
    <div className="shell-status-banner">
      <Banner tone={tone} action={{ content: t("shell.readMore"), onAction: goToBilling }}>
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
