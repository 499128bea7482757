import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  Admin,
  type ArtKey,
  BAR,
  CardBox,
  Checkbox,
  Highlight,
  Label,
  type Labels,
  Lines,
  MarketingOptions,
  MUTED,
} from "./slide-parts";

export const HOW_TO_SLIDES = [
  "openAdmin",
  "openCheckout",
  "findMarketing",
  "turnOnSms",
  "consentLanguage",
  "save",
  "tryCheckout",
  "refresh",
] as const;
export type HowToSlide = (typeof HOW_TO_SLIDES)[number];

/** What each slide shows, the place to click outlined. */
export const DRAWINGS: Record<HowToSlide, (t: Labels) => ReactNode> = {
  openAdmin: (t) => (
    <Admin t={t}>
      <CardBox box={{ x: 146, y: 72, w: 190, h: 90 }} />
      <Lines x={162} y={92} widths={[120, 150, 90]} />
      <CardBox box={{ x: 352, y: 72, w: 192, h: 90 }} />
      <Lines x={368} y={92} widths={[140, 100, 150]} />
      <CardBox box={{ x: 146, y: 176, w: 398, h: 88 }} />
      <Lines x={162} y={196} widths={[300, 260, 320]} />
      <Highlight box={{ x: 10, y: 248, w: 110, h: 20 }} />
    </Admin>
  ),
  openCheckout: (t) => {
    const items: ArtKey[] = ["general", "payments", "checkout", "notifications"];
    return (
      <Admin t={t}>
        <Label x={146} y={82} bold size={14}>
          {t("settings")}
        </Label>
        <CardBox box={{ x: 146, y: 94, w: 398, h: 168 }} />
        {items.map((key, i) => (
          <g key={key}>
            <rect x="162" y={108 + i * 38} width="20" height="20" rx="5" fill={BAR} />
            <Label x={194} y={123 + i * 38}>
              {t(key)}
            </Label>
          </g>
        ))}
        <Highlight box={{ x: 156, y: 182, w: 200, h: 28 }} />
      </Admin>
    );
  },
  findMarketing: (t) => (
    <Admin t={t}>
      <Label x={146} y={82} bold size={14}>
        {t("checkout")}
      </Label>
      <CardBox box={{ x: 146, y: 94, w: 398, h: 56 }} />
      <Lines x={162} y={108} widths={[200, 280]} />
      <MarketingOptions t={t} y={162} sms={false} />
      <Highlight box={{ x: 146, y: 162, w: 398, h: 100 }} />
    </Admin>
  ),
  turnOnSms: (t) => (
    <Admin t={t}>
      <Label x={146} y={82} bold size={14}>
        {t("checkout")}
      </Label>
      <MarketingOptions t={t} y={100} />
      <Highlight box={{ x: 158, y: 154, w: 80, h: 22 }} />
    </Admin>
  ),
  consentLanguage: (t) => (
    <Admin t={t}>
      <Label x={146} y={82} bold size={14}>
        {t("checkout")}
      </Label>
      <MarketingOptions t={t} y={100} />
      <Highlight box={{ x: 158, y: 178, w: 220, h: 20 }} />
    </Admin>
  ),
  save: (t) => (
    <Admin t={t} saveBar>
      <Label x={146} y={82} bold size={14}>
        {t("checkout")}
      </Label>
      <MarketingOptions t={t} y={100} />
      <Highlight box={{ x: 486, y: 31, w: 62, h: 20 }} />
    </Admin>
  ),
  tryCheckout: (t) => (
    <g>
      <rect x="1" y="24" width="558" height="255" fill="#fff" />
      <path d="M40 40h14l-1.2 14h-11.6z" fill="#95bf47" />
      <Label x={40} y={84} bold size={14}>
        {t("contact")}
      </Label>
      <rect x="40" y="94" width="300" height="30" rx="6" fill="#fff" stroke="#c9cccf" />
      <rect x="40" y="134" width="300" height="30" rx="6" fill="#fff" stroke="#c9cccf" />
      <Label x={52} y={153} color={MUTED}>
        {t("phone")}
      </Label>
      <Checkbox x={42} y={176} checked />
      <Label x={64} y={188}>
        {t("textMe")}
      </Label>
      <rect x="40" y="222" width="300" height="34" rx="6" fill="#1773b0" />
      <Label x={160} y={244} color="#fff" bold>
        {t("payNow")}
      </Label>
      <rect x="370" y="40" width="170" height="216" rx="6" fill="#f6f6f7" />
      <Lines x={386} y={60} widths={[120, 90, 130, 70]} />
      <Highlight box={{ x: 38, y: 172, w: 300, h: 22 }} />
    </g>
  ),
  refresh: () => <ThisPage />,
};

/** The last slide: this page's Setup section, the status Enabled after Refresh Status. */
function ThisPage() {
  const { t } = useTranslation();
  return (
    <g>
      <rect x="1" y="24" width="558" height="255" fill="#f1f1f1" />
      <Label x={40} y={60} bold size={15}>
        {t("integrations.shopifyTitle")}
      </Label>
      <CardBox box={{ x: 40, y: 76, w: 480, h: 176 }} />
      <Label x={60} y={104} bold>
        {t("integrations.setup")}
      </Label>
      <Label x={60} y={140}>
        {t("integrations.optInCheckbox")}
      </Label>
      <rect x="190" y="126" width="78" height="20" rx="10" fill="#cdfee1" />
      <Label x={204} y={140} color="#0c5132">
        {t("integrations.status.ENABLED")}
      </Label>
      <rect x="60" y="176" width="130" height="30" rx="8" fill="#fff" stroke="#c9cccf" />
      <Label x={76} y={195}>
        {t("integrations.refreshStatus")}
      </Label>
      <Highlight box={{ x: 60, y: 176, w: 130, h: 30 }} />
    </g>
  );
}
