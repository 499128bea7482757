import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  BRANDING_MESSAGE_TYPE,
  type BrandingMessage,
  type ChatBranding,
} from "~/domain/webchat/branding/branding-schema";

/** What the chat app's preview posts once its listener is in place. */
const PREVIEW_READY_TYPE = "blusteam-chat-preview-ready";

/**
 * The live preview (spec 3 section 4.4): the real chat app in a frame, at the saved subdomain, in
 * preview mode (`src`: under /c/ on this origin, or the company's chat host with CHAT_DOMAIN). Every
 * change of the unsaved branding is posted to it as a styling message, to the frame's origin only.
 * `showWelcome` opens the welcome pop-up while its texts are being edited.
 */
export function PreviewFrame(props: { src: string; branding: ChatBranding; showWelcome: boolean }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  // Bumped when the frame (re)loads or says it is ready: a reload starts from the saved branding.
  const [ready, setReady] = useState(0);
  const { src } = props;
  useEffect(() => {
    const frameOrigin = new URL(src, window.location.href).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== frameOrigin) return;
      if ((event.data as { type?: unknown } | null)?.type === PREVIEW_READY_TYPE) setReady((n) => n + 1);
    };
    window.addEventListener("message", onMessage);
    // The frame may have loaded (and said it was ready) before this page's script ran.
    if (frame.current?.contentDocument?.readyState === "complete") setReady((n) => n + 1);
    return () => window.removeEventListener("message", onMessage);
  }, [src]);
  const { branding, showWelcome } = props;
  useEffect(() => {
    if (ready === 0) return;
    const message: BrandingMessage = { type: BRANDING_MESSAGE_TYPE, branding, showWelcome };
    frame.current?.contentWindow?.postMessage(message, new URL(src, window.location.href).origin);
  }, [branding, showWelcome, ready, src]);
  return (
    <iframe
      ref={frame}
      className="webchat-preview-frame"
      title={t("webchat.branding.previewFrame")}
      src={src}
      onLoad={() => setReady((n) => n + 1)}
      data-testid="branding-preview"
    />
  );
}
