import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The pictures of 'Show me how': simplified drawings of the Shopify admin, the store's checkout and
 * this page, made here as SVG (no outside assets), with the place to click outlined in blue.
 */
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

const BLUE = "#2c6ecb";
const INK = "#303030";
const MUTED = "#8a8a8a";
const BAR = "#dcdcdc";

type Box = { x: number; y: number; w: number; h: number };

export function SlideArt({ slide, label }: { slide: HowToSlide; label: string }) {
  const drawing = DRAWINGS[slide];
  return (
    <svg
      viewBox="0 0 560 280"
      role="img"
      aria-label={label}
      style={{ width: "100%", height: "auto", display: "block" }}
      data-testid="how-to-art"
    >
      <rect x="0.5" y="0.5" width="559" height="279" rx="10" fill="#f6f6f7" stroke="#c9cccf" />
      <circle cx="16" cy="12" r="4" fill="#e06c5f" />
      <circle cx="30" cy="12" r="4" fill="#e5b64b" />
      <circle cx="44" cy="12" r="4" fill="#6cbf6a" />
      <rect x="64" y="5" width="300" height="14" rx="7" fill="#fff" stroke="#e1e3e5" />
      <Drawing slide={slide}>{drawing}</Drawing>
    </svg>
  );
}

function Drawing({ slide, children }: { slide: HowToSlide; children: (t: Labels) => ReactNode }) {
  const { t } = useTranslation();
  const labels = (key: ArtKey) => t(`integrations.howTo.art.${key}`);
  return <g data-slide={slide}>{children(labels)}</g>;
}

type ArtKey =
  | "home"
  | "orders"
  | "products"
  | "customers"
  | "settings"
  | "general"
  | "payments"
  | "checkout"
  | "notifications"
  | "marketingOptions"
  | "email"
  | "sms"
  | "customizeLabels"
  | "save"
  | "unsaved"
  | "contact"
  | "phone"
  | "textMe"
  | "payNow";
type Labels = (key: ArtKey) => string;

/** The outline around what to click, and a pointer at its corner. */
function Highlight({ box }: { box: Box }) {
  const px = box.x + box.w - 10;
  const py = box.y + box.h - 6;
  return (
    <g>
      <rect
        x={box.x - 3}
        y={box.y - 3}
        width={box.w + 6}
        height={box.h + 6}
        rx="6"
        fill="none"
        stroke={BLUE}
        strokeWidth="3"
      />
      <path
        d={`M${px} ${py} l0 20 l5 -5 l4 9 l4 -2 l-4 -9 l7 0 z`}
        fill="#fff"
        stroke={INK}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </g>
  );
}

function Label(props: {
  x: number;
  y: number;
  children: string;
  bold?: boolean;
  color?: string;
  size?: number;
}) {
  return (
    <text
      x={props.x}
      y={props.y}
      fontFamily="system-ui, sans-serif"
      fontSize={props.size ?? 12}
      fontWeight={props.bold ? 600 : 400}
      fill={props.color ?? INK}
    >
      {props.children}
    </text>
  );
}

function Lines({ x, y, widths }: { x: number; y: number; widths: number[] }) {
  const lines = widths.map((w, i) => ({ w, top: y + i * 14 }));
  return (
    <g>
      {lines.map((line) => (
        <rect key={line.top} x={x} y={line.top} width={line.w} height="7" rx="3.5" fill={BAR} />
      ))}
    </g>
  );
}

function Checkbox({ x, y, checked }: { x: number; y: number; checked: boolean }) {
  return (
    <g>
      <rect x={x} y={y} width="14" height="14" rx="3" fill={checked ? INK : "#fff"} stroke={INK} />
      {checked ? (
        <path d={`M${x + 3} ${y + 7} l3 3 l5 -6`} fill="none" stroke="#fff" strokeWidth="2" />
      ) : null}
    </g>
  );
}

/** The Shopify admin around every admin slide: top bar, left menu with Settings at the bottom. */
function Admin({ t, children, saveBar }: { t: Labels; children: ReactNode; saveBar?: boolean }) {
  const menu: ArtKey[] = ["home", "orders", "products", "customers"];
  return (
    <g>
      <rect x="1" y="24" width="558" height="32" fill="#1a1a1a" />
      <path d="M14 33h14l-1.2 14h-11.6z" fill="#95bf47" />
      {saveBar ? (
        <g>
          <Label x={190} y={44} color="#fff">
            {t("unsaved")}
          </Label>
          <rect x="486" y="31" width="62" height="20" rx="6" fill="#fff" />
          <Label x={500} y={45} bold>
            {t("save")}
          </Label>
        </g>
      ) : (
        <rect x="190" y="33" width="180" height="14" rx="7" fill="#303030" />
      )}
      <rect x="1" y="56" width="129" height="223" fill="#ebebeb" />
      {menu.map((key, i) => (
        <Label key={key} x={20} y={84 + i * 24}>
          {t(key)}
        </Label>
      ))}
      <Label x={20} y={262}>
        {t("settings")}
      </Label>
      <rect x="130" y="56" width="429" height="223" fill="#f1f1f1" />
      {children}
    </g>
  );
}

function CardBox({ box }: { box: Box }) {
  return <rect x={box.x} y={box.y} width={box.w} height={box.h} rx="8" fill="#fff" stroke="#e1e3e5" />;
}

function MarketingOptions({ t, y, sms = true }: { t: Labels; y: number; sms?: boolean }) {
  return (
    <g>
      <CardBox box={{ x: 146, y, w: 398, h: 100 }} />
      <Label x={162} y={y + 22} bold>
        {t("marketingOptions")}
      </Label>
      <Checkbox x={162} y={y + 36} checked />
      <Label x={184} y={y + 48}>
        {t("email")}
      </Label>
      <Checkbox x={162} y={y + 58} checked={sms} />
      <Label x={184} y={y + 70}>
        {t("sms")}
      </Label>
      <Label x={162} y={y + 92} color={BLUE}>
        {t("customizeLabels")}
      </Label>
    </g>
  );
}

const DRAWINGS: Record<HowToSlide, (t: Labels) => ReactNode> = {
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
