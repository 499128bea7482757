import type { FieldMetadata } from "@conform-to/react";
import {
  BlockStack,
  Checkbox,
  DatePicker,
  InlineError,
  Select,
  type SelectOption,
  Text,
} from "@shopify/polaris";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  ACCOUNT_STATUSES,
  isPlanDisabled,
  type PlanOption,
  type PlanPickContext,
  planLabel,
} from "~/domain/admin/company-admin-schemas";
import type { DashboardRow } from "~/domain/admin/dashboards.server";
import { asI18nKey } from "~/i18n/keys";

type Meta = FieldMetadata<string | undefined>;

/** A Polaris select bound to a conform field: its name, its first error (translated) and its value. */
export function FormSelect(props: {
  meta: Meta;
  label: string;
  options: SelectOption[];
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const error = props.meta.errors?.[0];
  return (
    <Select
      id={props.meta.id}
      name={props.meta.name}
      label={props.label}
      options={props.options}
      placeholder={props.placeholder}
      value={props.value}
      onChange={props.onChange}
      disabled={props.disabled}
      error={error ? t(asI18nKey(error)) : undefined}
    />
  );
}

/** The Account Dashboard select, in Add Company and in Update Account Dashboard. */
export function DashboardSelect(props: {
  meta: Meta;
  dashboards: DashboardRow[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormSelect
      meta={props.meta}
      label={t("adminCompanies.form.accountDashboard")}
      placeholder={t("adminCompanies.form.selectDashboard")}
      options={props.dashboards.map((d) => ({ label: d.name, value: d.id }))}
      value={props.value}
      onChange={props.onChange}
      disabled={props.disabled}
    />
  );
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** The chosen day at the current time of day, as the original date picker did (see parseLateStart). */
function atCurrentTime(day: Date) {
  const now = new Date();
  const chosen = new Date(day);
  chosen.setHours(now.getHours(), now.getMinutes(), now.getSeconds(), now.getMilliseconds());
  return chosen;
}

/**
 * Account Status with Manual Billing, and for LATE_START the late start date (dates before yesterday
 * disabled) and the plan (options disabled by the spec's price rules); LATE_START forces manual
 * billing off. Shared by Add Company and Update Account Status.
 */
export function StatusFields(props: {
  fields: { accountStatus: Meta; manualBilling: Meta; lateStartAt: Meta; planId: Meta };
  plans: PlanOption[];
  pickContext: PlanPickContext;
  status: string;
  onStatusChange: (status: string) => void;
  planId: string;
  onPlanChange: (planId: string) => void;
  initialManualBilling: boolean;
  /** The company's current late start, preselected when it is not before yesterday. */
  initialLateStart?: Date | string | null;
  withPlaceholder?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { fields } = props;
  const lateStart = props.status === "LATE_START";
  const [manualBilling, setManualBilling] = useState(props.initialManualBilling);
  const today = startOfDay(new Date());
  const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
  const current = props.initialLateStart ? startOfDay(new Date(props.initialLateStart)) : null;
  const [day, setDay] = useState<Date | null>(current && current >= yesterday ? current : null);
  const shown = day ?? today;
  const [month, setMonth] = useState({ month: shown.getMonth(), year: shown.getFullYear() });
  const dateError = fields.lateStartAt.errors?.[0];
  return (
    <BlockStack gap="300">
      <FormSelect
        meta={fields.accountStatus}
        label={t("adminCompanies.form.accountStatus")}
        placeholder={props.withPlaceholder ? t("adminCompanies.form.selectStatus") : undefined}
        options={ACCOUNT_STATUSES.map((status) => ({ label: status, value: status }))}
        value={props.status}
        onChange={props.onStatusChange}
        disabled={props.disabled}
      />
      <Checkbox
        id={fields.manualBilling.id}
        name={fields.manualBilling.name}
        value="on"
        label={t("adminCompanies.form.manualBilling")}
        checked={lateStart ? false : manualBilling}
        disabled={lateStart || props.disabled}
        onChange={setManualBilling}
      />
      {/* Beside the checkbox, not its help text: a disabled field's help text is too faint to read. */}
      {lateStart ? (
        <Text as="p" variant="bodySm" tone="subdued">
          {t("adminCompanies.form.manualBillingOff")}
        </Text>
      ) : null}
      {lateStart ? (
        <BlockStack gap="200">
          <Text as="p" variant="bodyMd" fontWeight="medium" id={`${fields.lateStartAt.id}-label`}>
            {t("adminCompanies.form.lateStartDate")}
          </Text>
          <input
            type="hidden"
            name={fields.lateStartAt.name}
            value={day ? atCurrentTime(day).toISOString() : ""}
          />
          <section aria-labelledby={`${fields.lateStartAt.id}-label`}>
            <DatePicker
              month={month.month}
              year={month.year}
              selected={day ?? undefined}
              disableDatesBefore={yesterday}
              onChange={(range) => setDay(range.start)}
              onMonthChange={(m, y) => setMonth({ month: m, year: y })}
            />
          </section>
          {dateError ? (
            <InlineError message={t(asI18nKey(dateError))} fieldID={fields.lateStartAt.id} />
          ) : null}
          <FormSelect
            meta={fields.planId}
            label={t("adminCompanies.form.plan")}
            options={[
              // Choosing a plan is optional: without one, no new subscription is asked for.
              { label: t("adminCompanies.form.noPlan"), value: "" },
              ...props.plans.map((plan) => ({
                label: planLabel(plan),
                value: plan.id,
                disabled: isPlanDisabled(plan, props.pickContext),
              })),
            ]}
            value={props.planId}
            onChange={props.onPlanChange}
          />
        </BlockStack>
      ) : null}
    </BlockStack>
  );
}
