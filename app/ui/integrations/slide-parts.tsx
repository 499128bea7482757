import type { ReactNode } from "react";

/** The pieces the 'Show me how' drawings are made of (see slide-drawings.tsx). */
export const BLUE = "#2c6ecb";
export const INK = "#303030";
export const MUTED = "#8a8a8a";
export const BAR = "#dcdcdc";

export type Box = { x: number; y: number; w: number; h: number };
export type ArtKey =
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
export type Labels = (key: ArtKey) => string;

/** The outline around what to click, and a pointer at its corner. */
export function Highlight({ box }: { box: Box }) {
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

export function Label(props: {
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

export function Lines({ x, y, widths }: { x: number; y: number; widths: number[] }) {
  const lines = widths.map((w, i) => ({ w, top: y + i * 14 }));
  return (
    <g>
      {lines.map((line) => (
        <rect key={line.top} x={x} y={line.top} width={line.w} height="7" rx="3.5" fill={BAR} />
      ))}
    </g>
  );
}

export function Checkbox({ x, y, checked }: { x: number; y: number; checked: boolean }) {
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
export function Admin({ t, children, saveBar }: { t: Labels; children: ReactNode; saveBar?: boolean }) {
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

export function CardBox({ box }: { box: Box }) {
  return <rect x={box.x} y={box.y} width={box.w} height={box.h} rx="8" fill="#fff" stroke="#e1e3e5" />;
}

export function MarketingOptions({ t, y, sms = true }: { t: Labels; y: number; sms?: boolean }) {
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

/**
 * The browser window every guide picture is drawn in (560 × 280): its frame, the three window
 * buttons and the address bar; the drawing goes inside. An image named by `label`.
 */
export function BrowserWindow({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox="0 0 560 280"
      role="img"
      aria-label={label}
      style={{ width: "100%", height: "auto", display: "block" }}
      data-testid={testId}
    >
      <rect x="0.5" y="0.5" width="559" height="279" rx="10" fill="#f6f6f7" stroke="#c9cccf" />
      <circle cx="16" cy="12" r="4" fill="#e06c5f" />
      <circle cx="30" cy="12" r="4" fill="#e5b64b" />
      <circle cx="44" cy="12" r="4" fill="#6cbf6a" />
      <rect x="64" y="5" width="300" height="14" rx="7" fill="#fff" stroke="#e1e3e5" />
      {children}
    </svg>
  );
}
