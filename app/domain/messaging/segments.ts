/**
 * SMS length in segments, as carriers bill it. GSM-7 messages hold 160 characters in one segment and
 * 153 per segment once split (the rest carries the concatenation header); characters of the GSM-7
 * extension table (€, [, ], {, }, ^, ~, \, |, form feed) take two. A message with any other character
 * goes as UCS-2: 70 UTF-16 code units in one segment, 67 per segment once split.
 */

const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENSION = "\f^{}\\[~]|€";

const basic = new Set(GSM7_BASIC);
const extension = new Set(GSM7_EXTENSION);

export type SmsEncoding = "GSM-7" | "UCS-2";

export type SmsLength = {
  encoding: SmsEncoding;
  /** Septets for GSM-7, UTF-16 code units for UCS-2. */
  units: number;
  segments: number;
  /** Units per segment at the current length (160/153 or 70/67). */
  perSegment: number;
};

export function smsLength(text: string): SmsLength {
  let septets = 0;
  for (const char of text) {
    if (basic.has(char)) septets += 1;
    else if (extension.has(char)) septets += 2;
    else return ucs2Length(text);
  }
  if (septets === 0) return { encoding: "GSM-7", units: 0, segments: 0, perSegment: 160 };
  if (septets <= 160) return { encoding: "GSM-7", units: septets, segments: 1, perSegment: 160 };
  return { encoding: "GSM-7", units: septets, segments: Math.ceil(septets / 153), perSegment: 153 };
}

function ucs2Length(text: string): SmsLength {
  const units = text.length;
  if (units <= 70) return { encoding: "UCS-2", units, segments: 1, perSegment: 70 };
  return { encoding: "UCS-2", units, segments: Math.ceil(units / 67), perSegment: 67 };
}

/** Segments billed for a message on a channel: SMS by length; WhatsApp and email count one each. */
export function billedSegments(channel: "sms" | "whatsapp" | "email", text: string): number {
  return channel === "sms" ? Math.max(1, smsLength(text).segments) : 1;
}
