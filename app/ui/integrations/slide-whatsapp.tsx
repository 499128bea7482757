import { useTranslation } from "react-i18next";
import { BLUE, BrowserWindow, CardBox, Highlight, Label, Lines, MUTED } from "./slide-parts";

/**
 * The pictures of the WhatsApp guide: simplified drawings of Meta's Business Suite, its developer
 * site and this page, made here as SVG (no outside assets), the place to click outlined in blue,
 * with the same parts as the Shopify view's slides (slide-parts.tsx).
 */

export const WHATSAPP_SLIDES = [
  "businessAccount",
  "developerApp",
  "addWhatsApp",
  "phoneNumber",
  "copyIds",
  "systemUser",
  "token",
  "appSecret",
  "connect",
] as const;
export type WhatsAppSlide = (typeof WHATSAPP_SLIDES)[number];

type ArtKey =
  | "business"
  | "developers"
  | "createApp"
  | "setUp"
  | "addPhone"
  | "phoneNumberId"
  | "accountId"
  | "systemUsers"
  | "generateToken"
  | "appSecret"
  | "show"
  | "verifyAndContinue";

/** Each slide: whose site it is, the button or field it points at, and where that sits. */
const SLIDES: Record<
  WhatsAppSlide,
  { site: "business" | "developers" | "app"; label: ArtKey; fields?: ArtKey[] }
> = {
  businessAccount: { site: "business", label: "business" },
  developerApp: { site: "developers", label: "createApp" },
  addWhatsApp: { site: "developers", label: "setUp" },
  phoneNumber: { site: "developers", label: "addPhone" },
  copyIds: { site: "developers", label: "phoneNumberId", fields: ["phoneNumberId", "accountId"] },
  systemUser: { site: "business", label: "systemUsers" },
  token: { site: "business", label: "generateToken" },
  appSecret: { site: "developers", label: "show", fields: ["appSecret"] },
  connect: { site: "app", label: "verifyAndContinue" },
};

export function WhatsAppSlideArt({ slide, label }: { slide: WhatsAppSlide; label: string }) {
  const { t } = useTranslation();
  const art = (key: ArtKey) => t(`whatsapp.guide.art.${key}`);
  const spec = SLIDES[slide];
  const index = WHATSAPP_SLIDES.indexOf(slide);
  const bar = spec.site === "app" ? "#1a1a1a" : spec.site === "business" ? "#0866ff" : "#1c2b33";
  return (
    <BrowserWindow label={label} testId="whatsapp-guide-art">
      <rect x="1" y="24" width="558" height="32" fill={bar} />
      {/* The site's mark: Meta's infinity loop, or a speech bubble for this app. */}
      {spec.site === "app" ? (
        <circle cx="22" cy="40" r="9" fill="#25d366" />
      ) : (
        <path
          d="M12 40c0-6 3-9 6-9s5 4 7 9 4 9 7 9 6-3 6-9-3-9-6-9-5 4-7 9-4 9-7 9-6-3-6-9z"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
        />
      )}
      <Label x={48} y={45} color="#fff" bold>
        {spec.site === "developers"
          ? art("developers")
          : spec.site === "business"
            ? art("business")
            : "WhatsApp"}
      </Label>
      <rect x="1" y="56" width="129" height="223" fill="#ebebeb" />
      {[0, 1, 2, 3, 4].map((i) => (
        <rect
          key={i}
          x="16"
          y={76 + i * 24}
          width={70 + ((i * 17) % 30)}
          height="8"
          rx="4"
          fill={i === index % 5 ? BLUE : "#cfcfcf"}
        />
      ))}
      <rect x="130" y="56" width="429" height="223" fill="#f1f1f1" />
      <CardBox box={{ x: 146, y: 72, w: 398, h: 190 }} />
      <Lines x={162} y={92} widths={[220, 300, 180]} />
      {spec.fields ? (
        spec.fields.map((key, i) => (
          <g key={key}>
            <Label x={162} y={150 + i * 44} color={MUTED}>
              {art(key)}
            </Label>
            <rect x="162" y={156 + i * 44} width="240" height="20" rx="4" fill="#fff" stroke="#c9cccf" />
            <rect x="170" y={163 + i * 44} width="120" height="6" rx="3" fill="#8a8a8a" />
          </g>
        ))
      ) : (
        <Lines x={162} y={150} widths={[260, 200]} />
      )}
      <ActionButton
        spec={spec}
        text={spec.fields && spec.label !== "show" ? t("whatsapp.copy") : art(spec.label)}
      />
    </BrowserWindow>
  );
}

function ActionButton({ spec, text }: { spec: (typeof SLIDES)[WhatsAppSlide]; text: string }) {
  // With fields, the button sits beside the first one; otherwise it is the card's main action.
  const box = spec.fields
    ? { x: 414, y: 154, w: 110, h: 24 }
    : { x: 162, y: 214, w: Math.max(120, text.length * 7 + 24), h: 28 };
  const fill = spec.site === "app" ? "#303030" : "#0866ff";
  return (
    <g>
      <rect x={box.x} y={box.y} width={box.w} height={box.h} rx="6" fill={fill} />
      <Label x={box.x + 12} y={box.y + box.h / 2 + 4} color="#fff" bold>
        {text}
      </Label>
      <Highlight box={box} />
    </g>
  );
}
