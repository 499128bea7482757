import { BlockStack, Button, InlineStack, Popover, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Toast, ToastView } from "~/ui/toast";

export type ShareCodes = { shareLink: string; iframeCode: string; scriptCode: string };

/**
 * The publish popover (spec 3 section 2.2): the share link, its QR code downloadable as PNG or JPG,
 * the iframe embed code and the pop-up script tag, each copied with the spec's confirmation.
 */
export function PublishPopover({ codes, disabled }: { codes: ShareCodes | null; disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [toast, setToast] = useState<Toast | null>(null);
  const copy = async (text: string, message: Toast["message"]) => {
    await navigator.clipboard.writeText(text);
    setToast({ message });
  };
  return (
    <>
      <Popover
        active={open}
        onClose={() => setOpen(false)}
        preferredAlignment="right"
        activator={
          <Button disclosure onClick={() => setOpen((was) => !was)} disabled={disabled || !codes}>
            {t("forms.publish.share")}
          </Button>
        }
      >
        {codes && (
          <div style={{ padding: 16, maxWidth: 420 }} data-testid="publish-popover">
            <BlockStack gap="400">
              <TextField
                label={t("forms.publish.shareLink")}
                value={codes.shareLink}
                readOnly
                autoComplete="off"
                connectedRight={
                  <Button onClick={() => copy(codes.shareLink, "forms.publish.linkCopied")}>
                    {t("forms.publish.copyLink")}
                  </Button>
                }
              />
              <QrCode link={codes.shareLink} />
              <TextField
                label={t("forms.publish.iframe")}
                value={codes.iframeCode}
                readOnly
                multiline={3}
                autoComplete="off"
              />
              <InlineStack align="end">
                <Button onClick={() => copy(codes.iframeCode, "forms.publish.iframeCopied")}>
                  {t("forms.publish.copyIframe")}
                </Button>
              </InlineStack>
              <TextField
                label={t("forms.publish.script")}
                value={codes.scriptCode}
                readOnly
                multiline={3}
                autoComplete="off"
              />
              <InlineStack align="end">
                <Button onClick={() => copy(codes.scriptCode, "forms.publish.scriptCopied")}>
                  {t("forms.publish.copyScript")}
                </Button>
              </InlineStack>
            </BlockStack>
          </div>
        )}
      </Popover>
      <ToastView toast={toast} />
    </>
  );
}

/**
 * The share link's QR code, drawn by the qrcode library in the browser. The PNG and JPG downloads are
 * plain links to the images made beforehand: a click on a link is the user's own download, which
 * the browser never holds back as an unasked-for second download.
 */
function QrCode({ link }: { link: string }) {
  const { t } = useTranslation();
  const [images, setImages] = useState<{ png: string; jpg: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode").then(async (QR) => {
      const options = { margin: 2, width: 480 };
      const [png, jpg] = await Promise.all([
        QR.toDataURL(link, { ...options, type: "image/png" }),
        // JPEG has no transparency: the library draws on a white background either way.
        QR.toDataURL(link, { ...options, type: "image/jpeg" }),
      ]);
      if (live) setImages({ png, jpg });
    });
    return () => {
      live = false;
    };
  }, [link]);
  return (
    <BlockStack gap="200">
      <Text as="p" fontWeight="semibold">
        {t("forms.publish.qrCode")}
      </Text>
      <InlineStack gap="300" blockAlign="center">
        {images ? (
          <img src={images.png} alt={t("forms.publish.qrAlt")} width={120} height={120} />
        ) : (
          <div style={{ width: 120, height: 120 }} />
        )}
        <BlockStack gap="200">
          <Button url={images?.png} download="form-qr-code.png" disabled={!images}>
            {t("forms.publish.downloadPng")}
          </Button>
          <Button url={images?.jpg} download="form-qr-code.jpg" disabled={!images}>
            {t("forms.publish.downloadJpg")}
          </Button>
        </BlockStack>
      </InlineStack>
    </BlockStack>
  );
}
