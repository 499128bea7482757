import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  BRANDING_MESSAGE_TYPE,
  type BrandingMessage,
  type ChatBranding,
} from "~/domain/webchat/branding/branding-schema";

/**
 * The live preview (spec 3 section 4.4): the real chat app in a frame, at the saved subdomain, in
 * preview mode. Every change of the unsaved branding is posted to it as a styling message, to this
 * page's own origin only (the chat app is served by the same server under /c/).
 */
export function PreviewFrame({ subdomain, branding }: { subdomain: string; branding: ChatBranding }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [loads, setLoads] = useState(0);
  useEffect(() => {
    // Posted after each load too: a reload of the frame starts from the saved branding again.
    if (loads === 0) return;
    const message: BrandingMessage = { type: BRANDING_MESSAGE_TYPE, branding };
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  }, [branding, loads]);
  return (
    <iframe
      ref={frame}
      className="webchat-preview-frame"
      title={t("webchat.branding.previewFrame")}
      src={`/c/${encodeURIComponent(subdomain)}?preview=1`}
      onLoad={() => setLoads((n) => n + 1)}
      data-testid="branding-preview"
    />
  );
}
