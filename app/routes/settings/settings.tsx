import { parseWithZod } from "@conform-to/zod/v4";
import { Page, Tabs } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { data, useSearchParams } from "react-router";
import { requireMember, requireMemberWith } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { updateCompany } from "~/domain/accounts/accounts.server";
import { listApiKeys } from "~/domain/keys/api-keys.server";
import { changePassword, changePasswordErrors, updateMyDetails } from "~/domain/profile/profile.server";
import { getMessagingSettings, updateMessagingSettings } from "~/domain/settings/messaging.server";
import {
  changePasswordSchema,
  companyEditSchema,
  messagingSettingsSchema,
  myDetailsSchema,
} from "~/domain/settings/schemas";
import { listMyInvitations, listPendingInvitations } from "~/domain/team/invitations.server";
import { listMembers } from "~/domain/team/members.server";
import { listAccessRequests } from "~/domain/team/requests.server";
import { BillingTab } from "~/ui/settings/billing-tab";
import { OrganizationTab } from "~/ui/settings/organization-tab";
import { PersonalTab } from "~/ui/settings/personal-tab";
import { UsersTab } from "~/ui/settings/users-tab";
import { ToastView } from "~/ui/toast";
import type { Route } from "./+types/settings";

export const settingsTabs = ["personal", "billing", "organization", "users"] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireMember(request);
  const [invitations, apiKeys, members, requests, pendingInvitations, messaging] = await Promise.all([
    listMyInvitations(member),
    listApiKeys(member),
    listMembers(member),
    listAccessRequests(member),
    listPendingInvitations(member),
    getMessagingSettings(member),
  ]);
  return {
    user: member.user,
    account: { id: member.account.id, company: member.account.company, url: member.account.url },
    invitations,
    apiKeys,
    members,
    requests,
    pendingInvitations,
    messaging,
    can: {
      profileWrite: can(member, "profile.write"),
      companyWrite: can(member, "company.write"),
      teamManage: can(member, "team.manage"),
      teamLeave: can(member, "team.leave"),
      invitesAnswer: can(member, "invites.answer"),
      keysGenerate: can(member, "keys.generate"),
      keysManage: can(member, "keys.manage"),
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "details") {
    const member = await requireMemberWith(request, "profile.write");
    const submission = parseWithZod(form, { schema: myDetailsSchema });
    if (submission.status !== "success")
      return data({ intent, result: submission.reply(), toast: null }, 400);
    await updateMyDetails(member.user.id, submission.value);
    return {
      intent,
      result: submission.reply({ resetForm: false }),
      toast: { message: "toasts.userDetailsUpdated" },
    };
  }
  if (intent === "password") {
    const member = await requireMemberWith(request, "profile.write");
    const submission = parseWithZod(form, { schema: changePasswordSchema });
    const hidden = ["currentPassword", "newPassword", "confirmPassword"];
    if (submission.status !== "success")
      return data({ intent, result: submission.reply({ hideFields: hidden }), toast: null }, 400);
    const outcome = await changePassword(member.user.id, submission.value, request);
    if (outcome !== "changed") {
      const message = changePasswordErrors[outcome];
      return data(
        { intent, result: submission.reply({ formErrors: [message], hideFields: hidden }), toast: null },
        400,
      );
    }
    return {
      intent,
      result: submission.reply({ resetForm: true }),
      toast: { message: "toasts.passwordUpdated" },
    };
  }
  if (intent === "company") {
    const member = await requireMemberWith(request, "company.write");
    const submission = parseWithZod(form, { schema: companyEditSchema });
    if (submission.status !== "success")
      return data({ intent, result: submission.reply(), toast: null }, 400);
    await updateCompany(member, submission.value);
    return {
      intent,
      result: submission.reply({ resetForm: false }),
      toast: { message: "toasts.companyUpdated" },
    };
  }
  if (intent === "messaging") {
    const member = await requireMemberWith(request, "company.write");
    const submission = parseWithZod(form, { schema: messagingSettingsSchema });
    if (submission.status !== "success")
      return data({ intent, result: submission.reply(), toast: null }, 400);
    await updateMessagingSettings(member, submission.value);
    return {
      intent,
      result: submission.reply({ resetForm: false }),
      toast: { message: "messagingSettings.saved" },
    };
  }
  return data(
    { intent: null, result: null, toast: { message: "toasts.somethingWentWrongToast", error: true } },
    400,
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const current = settingsTabs.indexOf(searchParams.get("tab") as (typeof settingsTabs)[number]);
  const selected = current === -1 ? 0 : current;
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
        <div
          id={`panel-${settingsTabs[selected]}`}
          role="tabpanel"
          aria-labelledby={`settings-${settingsTabs[selected]}`}
        >
          {selected === 0 ? <PersonalTab data={loaderData} actionData={actionData} /> : null}
          {selected === 1 ? <BillingTab /> : null}
          {selected === 2 ? <OrganizationTab data={loaderData} actionData={actionData} /> : null}
          {selected === 3 ? <UsersTab data={loaderData} /> : null}
        </div>
      </Tabs>
      <ToastView toast={actionData?.toast} />
    </Page>
  );
}

export type SettingsData = Route.ComponentProps["loaderData"];
export type SettingsActionData = Route.ComponentProps["actionData"];
