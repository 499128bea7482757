import { type FieldMetadata, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { BlockStack, Button, Select, Text, TextField } from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { MessageChannel, WaitUnit } from "#db/schema";
import type { DrawerAnswer } from "~/domain/journeys/touchpoint-actions.server";
import {
  MESSAGE_MAX_ROWS,
  MESSAGE_MIN_ROWS,
  TOUCHPOINT_CHANNELS,
  touchpointLinkSchema,
  touchpointSchema,
  WAIT_UNITS,
} from "~/domain/journeys/touchpoint-schemas";
import { smsLength } from "~/domain/messaging/segments";
import { LINK_PLACEHOLDER, TEMPLATE_FIELDS, unknownPlaceholders } from "~/domain/messaging/template";
import { asI18nKey } from "~/i18n/keys";
import { Drawer } from "~/ui/drawer";
import { FormTextField } from "~/ui/fields";
import { type TemplateChoice, type TemplateOption, WhatsAppTemplatePicker } from "./whatsapp-template-picker";

export type EditableTouchpoint = {
  id: string;
  name: string;
  waitMinutes: number;
  waitUnit: WaitUnit;
  channel: MessageChannel;
  subject: string | null;
  message: string;
  linkTarget: string | null;
  whatsappTemplateName?: string | null;
  whatsappTemplateLanguage?: string | null;
  whatsappTemplateParameters?: string[] | null;
};

const perUnit = { minutes: 1, hours: 60, days: 24 * 60 } as const;

/** The amount shown for a stored wait in the unit it was entered in. */
function waitAmountOf(touchpoint: EditableTouchpoint) {
  const amount = touchpoint.waitMinutes / perUnit[touchpoint.waitUnit];
  return Number.isInteger(amount) ? String(amount) : String(touchpoint.waitMinutes);
}

/**
 * Adds (mode create) or edits (mode update) a touchpoint, or only its link (mode link: members who
 * are not company admins). Errors show per field and nothing typed is lost; the drawer closes on success.
 */
export function TouchpointDrawer({
  mode,
  journeyId,
  touchpoint,
  answer,
  onClose,
  whatsappTemplates = [],
  first = false,
}: {
  mode: "create" | "update" | "link";
  journeyId: string;
  touchpoint?: EditableTouchpoint;
  answer: DrawerAnswer | undefined;
  onClose: () => void;
  /** The company's approved WhatsApp templates (issue 16); none: WhatsApp touchpoints are free text. */
  whatsappTemplates?: TemplateOption[];
  /** The journey's first touchpoint (or the first one being added): no wait sends at linking. */
  first?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const atOpening = useRef(answer);
  const fresh = answer !== atOpening.current && answer?.intent === mode ? answer : undefined;
  const linkOnly = mode === "link";
  const [form, fields] = useForm({
    id: `touchpoint-${mode}-${touchpoint?.id ?? journeyId}`,
    lastResult: fresh?.result,
    defaultValue: touchpoint
      ? {
          name: touchpoint.name,
          waitAmount: waitAmountOf(touchpoint),
          subject: touchpoint.subject ?? "",
          linkTarget: touchpoint.linkTarget ?? "",
        }
      : { waitAmount: "0" },
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: linkOnly ? touchpointLinkSchema : touchpointSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [waitUnit, setWaitUnit] = useState<WaitUnit>(
    touchpoint && Number.isInteger(touchpoint.waitMinutes / perUnit[touchpoint.waitUnit])
      ? touchpoint.waitUnit
      : touchpoint
        ? "minutes"
        : "days",
  );
  const [channel, setChannel] = useState<MessageChannel>(touchpoint?.channel ?? "sms");
  const [message, setMessage] = useState(touchpoint?.message ?? "");
  const [template, setTemplate] = useState<TemplateChoice>({
    key: touchpoint?.whatsappTemplateName
      ? `${touchpoint.whatsappTemplateName}|${touchpoint.whatsappTemplateLanguage ?? ""}`
      : "",
    parameters: touchpoint?.whatsappTemplateParameters ?? [],
  });
  const templated = channel === "whatsapp" && template.key !== "";
  useEffect(() => {
    if (fresh?.done) onClose();
  }, [fresh, onClose]);

  const error = (errors: string[] | undefined) => (errors?.[0] ? t(asI18nKey(errors[0])) : undefined);
  const length = smsLength(message);
  const unknown = unknownPlaceholders(message);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === mode;
  const title = t(
    mode === "create"
      ? "journeys.drawer.addTitle"
      : mode === "update"
        ? "journeys.drawer.editTitle"
        : "journeys.drawer.linkTitle",
  );
  return (
    <Drawer open title={title} onClose={onClose}>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={mode} />
        {touchpoint ? <input type="hidden" name="id" value={touchpoint.id} /> : null}
        <input type="hidden" name="journeyId" value={journeyId} />
        <BlockStack gap="400">
          {linkOnly ? (
            <Text as="p" tone="subdued">
              {t("journeys.drawer.linkOnly")}
            </Text>
          ) : null}
          <FormTextField
            meta={fields.name}
            label={t("journeys.drawer.name")}
            autoComplete="off"
            disabled={linkOnly}
          />
          <BlockStack gap="100">
            <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 12 }}>
              <FormTextField
                meta={fields.waitAmount as unknown as FieldMetadata<string | undefined>}
                label={t("journeys.drawer.waitAmount")}
                type="number"
                inputMode="numeric"
                autoComplete="off"
                disabled={linkOnly}
              />
              <Select
                label={t("journeys.drawer.waitUnit")}
                name={linkOnly ? undefined : "waitUnit"}
                disabled={linkOnly}
                options={WAIT_UNITS.map((unit) => ({
                  value: unit,
                  label: t(`journeys.drawer.units.${unit}`),
                }))}
                value={waitUnit}
                onChange={(value) => setWaitUnit(value as WaitUnit)}
                error={error(fields.waitUnit.errors)}
              />
            </div>
            <Text as="p" tone="subdued" variant="bodySm">
              {t("journeys.drawer.waitHelp")}
            </Text>
            {/* Said before saving, in words: a wait of 0 is easy to leave by accident. */}
            {!linkOnly && Number(fields.waitAmount.value ?? "0") === 0 ? (
              <Text as="p" variant="bodySm" fontWeight="semibold">
                {t(first ? "journeys.drawer.noWaitFirst" : "journeys.drawer.noWaitNext")}
              </Text>
            ) : null}
          </BlockStack>
          <Select
            label={t("journeys.drawer.channel")}
            name={linkOnly ? undefined : "channel"}
            disabled={linkOnly}
            options={TOUCHPOINT_CHANNELS.map((c) => ({ value: c, label: t(`journeys.channel.${c}`) }))}
            value={channel}
            onChange={(value) => setChannel(value as MessageChannel)}
            error={error(fields.channel.errors)}
          />
          {channel === "email" ? (
            <FormTextField
              meta={fields.subject}
              label={t("journeys.drawer.subject")}
              autoComplete="off"
              disabled={linkOnly}
            />
          ) : null}
          {channel === "whatsapp" && whatsappTemplates.length > 0 ? (
            <WhatsAppTemplatePicker
              templates={whatsappTemplates}
              choice={template}
              onChange={setTemplate}
              onMessage={setMessage}
              disabled={linkOnly}
            />
          ) : null}
          <BlockStack gap="100">
            <TextField
              id={fields.message.id}
              name={linkOnly ? undefined : fields.message.name}
              label={t("journeys.drawer.message")}
              multiline={MESSAGE_MIN_ROWS}
              maxHeight={MESSAGE_MAX_ROWS * 24 + 16}
              value={message}
              onChange={setMessage}
              disabled={linkOnly}
              // A template's text is Meta's: shown (and posted), not edited.
              readOnly={templated}
              autoComplete="off"
              error={error(fields.message.errors)}
              helpText={t("journeys.drawer.messageHelp", {
                link: LINK_PLACEHOLDER,
                fields: TEMPLATE_FIELDS.map((f) => `{{${f}}}`).join(", "),
              })}
            />
            {channel === "sms" ? (
              <Text as="p" variant="bodySm" tone="subdued">
                <span data-testid="sms-length">
                  {t("journeys.drawer.smsLength", {
                    units: length.units,
                    count: length.segments,
                    encoding: length.encoding,
                  })}
                </span>{" "}
                {t("journeys.drawer.smsLengthNote")}
              </Text>
            ) : null}
            {unknown.length > 0 ? (
              <output style={{ display: "block" }}>
                <Text as="p" variant="bodySm" tone="caution">
                  {t("journeys.drawer.unknownPlaceholders", { list: unknown.join(", ") })}
                </Text>
              </output>
            ) : null}
          </BlockStack>
          <FormTextField
            meta={fields.linkTarget}
            label={t("journeys.drawer.linkTarget")}
            type="url"
            autoComplete="off"
            helpText={t("journeys.drawer.linkHelp", { link: LINK_PLACEHOLDER })}
          />
          <div style={{ display: "flex", justifyContent: "flex-end", gap: 8 }}>
            <Button onClick={onClose}>{t("journeys.drawer.cancel")}</Button>
            <Button submit variant="primary" loading={busy}>
              {t("journeys.drawer.save")}
            </Button>
          </div>
        </BlockStack>
      </Form>
    </Drawer>
  );
}
