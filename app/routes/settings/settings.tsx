import { Page, Tabs } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { data, useSearchParams } from "react-router";
import { z } from "zod";
import { type MemberContext, permit, permitAny, requireMember } from "~/domain/access/guard.server";
import type { Permission } from "~/domain/access/permissions";
import { updateCompany } from "~/domain/accounts/accounts.server";
import { parseIntent, unknownIntent } from "~/domain/actions/intent";
import { changePassword, changePasswordErrors, updateMyDetails } from "~/domain/profile/profile.server";
import { updateAttributionWindowDays } from "~/domain/settings/attribution.server";
import { attributionSettingsSchema } from "~/domain/settings/attribution-schema";
import { updateMessagingSettings } from "~/domain/settings/messaging.server";
import {
  changePasswordSchema,
  companyEditSchema,
  messagingSettingsSchema,
  myDetailsSchema,
} from "~/domain/settings/schemas";
import { loadSettingsTab } from "~/domain/settings/settings-page.server";
import { settingsTabOf, settingsTabs } from "~/domain/settings/settings-tabs";
import { shopifyBoundaryHeaders } from "~/domain/shopify/boundary-headers.server";
import { RouteErrorBoundary } from "~/ui/route-error-boundary";
import { BillingTab } from "~/ui/settings/billing-tab";
import { OrganizationTab } from "~/ui/settings/organization-tab";
import { PersonalTab } from "~/ui/settings/personal-tab";
import { UsersTab } from "~/ui/settings/users-tab";
import { type Toast, ToastView } from "~/ui/toast";
import type { Route } from "./+types/settings";

/** Only the shown tab's data (?tab=): the other tabs load when they are opened. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const url = new URL(request.url);
  return loadSettingsTab(member, settingsTabOf(url), url);
}

const settingsSchema = z.discriminatedUnion("intent", [
  myDetailsSchema,
  changePasswordSchema,
  companyEditSchema,
  messagingSettingsSchema,
  attributionSettingsSchema,
]);

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

type Submission = ReturnType<typeof parseIntent<typeof settingsSchema>>;
type Parsed<Intent> = Extract<z.infer<typeof settingsSchema>, { intent: Intent }>;

/** The permission each intent needs. */
const intentPermissions: Record<z.infer<typeof settingsSchema>["intent"], Permission> = {
  details: "profile.write",
  password: "profile.write",
  company: "company.write",
  messaging: "company.write",
  attribution: "company.write",
};

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember({ request, context });
  // Refused before the body is read when no intent here is theirs (a read-only admin).
  permitAny(member, Object.values(intentPermissions));
  const submission = parseIntent(await request.formData(), settingsSchema);
  if (submission.status !== "success") return rejected(submission);
  const input = submission.value;
  permit(member, intentPermissions[input.intent]);
  switch (input.intent) {
    case "details":
      return saveDetails(member, input, submission);
    case "password":
      return savePassword(request, member, input, submission);
    case "company":
      return saveCompany(member, input, submission);
    case "messaging":
      return saveMessaging(member, input, submission);
    case "attribution":
      return saveAttribution(member, input, submission);
    default:
      return unknownIntent();
  }
}

/** 400: the field errors go back to the form the intent names; passwords are never sent back. */
function rejected(submission: Submission) {
  const intent = String(submission.payload.intent ?? "");
  const hideFields = intent === "password" ? PASSWORD_FIELDS : undefined;
  return data({ intent, result: submission.reply({ hideFields }), toast: null }, 400);
}

async function saveDetails(member: MemberContext, input: Parsed<"details">, submission: Submission) {
  await updateMyDetails(member.user.id, input);
  return {
    intent: input.intent,
    result: submission.reply({ resetForm: false }),
    toast: { message: "toasts.userDetailsUpdated" } satisfies Toast,
  };
}

/** The current session stays signed in; every other session of the user ends. */
async function savePassword(
  request: Request,
  member: MemberContext,
  input: Parsed<"password">,
  submission: Submission,
) {
  const outcome = await changePassword(member.user.id, input, request);
  if (outcome !== "changed") {
    const message = changePasswordErrors[outcome];
    return data(
      {
        intent: input.intent,
        result: submission.reply({ formErrors: [message], hideFields: PASSWORD_FIELDS }),
        toast: null,
      },
      400,
    );
  }
  return {
    intent: input.intent,
    result: submission.reply({ resetForm: true }),
    toast: { message: "toasts.passwordUpdated" } satisfies Toast,
  };
}

async function saveCompany(member: MemberContext, input: Parsed<"company">, submission: Submission) {
  if (!(await updateCompany(member, input)))
    return data(
      {
        intent: input.intent,
        result: submission.reply({ fieldErrors: { country: ["firstRun.validation.countryRequired"] } }),
        toast: null,
      },
      400,
    );
  return {
    intent: input.intent,
    result: submission.reply({ resetForm: false }),
    toast: { message: "toasts.companyUpdated" } satisfies Toast,
  };
}

async function saveMessaging(member: MemberContext, input: Parsed<"messaging">, submission: Submission) {
  await updateMessagingSettings(member, input);
  return {
    intent: input.intent,
    result: submission.reply({ resetForm: false }),
    toast: { message: "messagingSettings.saved" } satisfies Toast,
  };
}

/** Applies to orders received from now on; orders already attributed keep their touchpoint. */
async function saveAttribution(member: MemberContext, input: Parsed<"attribution">, submission: Submission) {
  await updateAttributionWindowDays(member, input.attributionWindowDays);
  return {
    intent: input.intent,
    result: submission.reply({ resetForm: false }),
    toast: { message: "attribution.settings.saved" } satisfies Toast,
  };
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const selected = settingsTabs.indexOf(loaderData.tab);
  const tabs = settingsTabs.map((id) => ({
    id: `settings-${id}`,
    content: t(`settings.tabs.${id}`),
    panelID: `panel-${id}`,
  }));
  const selectTab = (index: number) =>
    setSearchParams({ tab: settingsTabs[index] }, { preventScrollReset: true, replace: true });
  return (
    <Page title={t("settings.title")}>
      <Tabs tabs={tabs} selected={selected} onSelect={selectTab}>
        <div id={`panel-${loaderData.tab}`} role="tabpanel" aria-labelledby={`settings-${loaderData.tab}`}>
          {loaderData.tab === "personal" ? <PersonalTab data={loaderData} actionData={actionData} /> : null}
          {loaderData.tab === "billing" ? <BillingTab data={loaderData.billing} /> : null}
          {loaderData.tab === "organization" ? (
            <OrganizationTab data={loaderData} actionData={actionData} />
          ) : null}
          {loaderData.tab === "users" ? <UsersTab data={loaderData} /> : null}
        </div>
      </Tabs>
      <ToastView toast={actionData?.toast} />
    </Page>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
export const headers = shopifyBoundaryHeaders;
