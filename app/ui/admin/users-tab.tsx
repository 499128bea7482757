import {
  Badge,
  BlockStack,
  Card,
  EmptyState,
  IndexTable,
  type IndexTableProps,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation, useRouteLoaderData, useSearchParams } from "react-router";
import type { ShellData } from "~/domain/access/shell.server";
import type { AdminUserRow, loadUsersTab } from "~/domain/admin/users.server";
import {
  parseUsersQuery,
  type UserSearchType,
  type UserSort,
  type UsersQuery,
  userSearchTypes,
  usersQueryParams,
} from "~/domain/admin/users-query";
import { UserCompanies } from "./user-companies";
import { LocalTime } from "./user-local-time";
import { UserPagination } from "./user-pagination";
import { UserSuspendAction } from "./user-suspend-action";

const SEARCH_DEBOUNCE_MS = 400;
// Column index -> the sort it stands for (Name, Email, Status, Company, Created At, actions).
const sortColumns: Array<UserSort | null> = ["name", "email", null, null, "createdAt", null];
const statusTone = { active: "success", suspended: "critical", unconfirmed: "attention" } as const;

/** 'User Management': search, sort and pages live in the URL and are answered by the database. */
export function UsersTab({
  data,
  canWrite,
}: {
  data: Awaited<ReturnType<typeof loadUsersTab>>;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const shell = useRouteLoaderData<ShellData>("routes/app-layout");
  const [searchParams, setSearchParams] = useSearchParams();
  const query = data.query;
  // While one change of the query is still loading, the next builds on it rather than on the old URL
  // (choosing a search type, then typing at once, keeps both).
  const pending = navigation.location?.pathname === "/admin" ? navigation.location.search : null;
  const wanted = parseUsersQuery(new URLSearchParams(pending ?? searchParams));
  const go = (next: Partial<UsersQuery>, replace = false) =>
    setSearchParams(usersQueryParams({ ...wanted, ...next }), { replace, preventScrollReset: true });

  const search = useDebouncedSearch(searchParams.get("q") ?? "", (value) =>
    go({ search: value, page: 1 }, true),
  );
  const redirectTo = `/admin?${usersQueryParams(query)}`;
  const sortIndex = sortColumns.indexOf(query.sort);

  const headings: IndexTableProps["headings"] = [
    { title: t("adminUsers.columns.name") },
    { title: t("adminUsers.columns.email") },
    { title: t("adminUsers.columns.status") },
    { title: t("adminUsers.columns.company") },
    { title: t("adminUsers.columns.createdAt") },
    { title: t("adminUsers.columns.actions"), hidden: true },
  ];

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t("adminUsers.title")}
        </Text>
        <TextField
          label={t("adminUsers.search")}
          labelHidden
          placeholder={t("adminUsers.searchPlaceholder", {
            type: t(`adminUsers.searchTypes.${wanted.searchBy}`),
          })}
          value={search.value}
          onChange={search.onChange}
          autoComplete="off"
          clearButton
          onClearButtonClick={() => search.onChange("")}
          connectedLeft={
            <Select
              label={t("adminUsers.searchType")}
              labelHidden
              options={userSearchTypes.map((type) => ({
                label: t(`adminUsers.searchTypes.${type}`),
                value: type,
              }))}
              value={wanted.searchBy}
              onChange={(value) => go({ searchBy: value as UserSearchType, page: 1 })}
            />
          }
        />
        <IndexTable
          resourceName={{
            singular: t("adminUsers.resourceName.singular"),
            plural: t("adminUsers.resourceName.plural"),
          }}
          itemCount={data.rows.length}
          selectable={false}
          loading={navigation.state === "loading" && navigation.location.pathname === "/admin"}
          headings={headings}
          sortable={sortColumns.map((column) => column !== null)}
          sortColumnIndex={sortIndex}
          sortDirection={query.direction === "asc" ? "ascending" : "descending"}
          onSort={(index, direction) => {
            const sort = sortColumns[index];
            if (sort) go({ sort, direction: direction === "ascending" ? "asc" : "desc", page: 1 });
          }}
          emptyState={
            <EmptyState heading={t("adminUsers.empty")} image="">
              <p>{t("adminUsers.emptyHelp")}</p>
            </EmptyState>
          }
        >
          {data.rows.map((user, index) => (
            <UserRow
              key={user.id}
              user={user}
              index={index}
              canWrite={canWrite}
              isSelf={user.id === shell?.user.id}
              redirectTo={redirectTo}
            />
          ))}
        </IndexTable>
        <UserPagination
          query={query}
          total={data.total}
          onPageSize={(pageSize) => go({ pageSize, page: 1 })}
        />
      </BlockStack>
    </Card>
  );
}

function UserRow(props: {
  user: AdminUserRow;
  index: number;
  canWrite: boolean;
  isSelf: boolean;
  redirectTo: string;
}) {
  const { t } = useTranslation();
  const { user } = props;
  return (
    <IndexTable.Row id={user.id} position={props.index}>
      <IndexTable.Cell>
        <Text as="span" fontWeight="semibold">
          {user.givenName} {user.familyName}
        </Text>
      </IndexTable.Cell>
      <IndexTable.Cell>{user.email}</IndexTable.Cell>
      <IndexTable.Cell>
        <Badge tone={statusTone[user.status]}>{t(`adminUsers.status.${user.status}`)}</Badge>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <UserCompanies companies={user.companies} />
      </IndexTable.Cell>
      <IndexTable.Cell>
        <LocalTime iso={user.createdAt} />
      </IndexTable.Cell>
      <IndexTable.Cell>
        <UserSuspendAction
          user={user}
          canWrite={props.canWrite}
          isSelf={props.isSelf}
          redirectTo={props.redirectTo}
        />
      </IndexTable.Cell>
    </IndexTable.Row>
  );
}

/**
 * The search box's own text, sent to the URL once typing pauses. A URL change that did not come
 * from here (back button, a link) replaces the text; a late answer to our own push does not.
 */
function useDebouncedSearch(fromUrl: string, push: (value: string) => void) {
  const [value, setValue] = useState(fromUrl);
  const pushed = useRef(fromUrl);
  const pushRef = useRef(push);
  pushRef.current = push;
  useEffect(() => {
    if (fromUrl !== pushed.current) {
      pushed.current = fromUrl;
      setValue(fromUrl);
    }
  }, [fromUrl]);
  useEffect(() => {
    const trimmed = value.trim();
    if (trimmed === pushed.current) return;
    const timer = window.setTimeout(() => {
      pushed.current = trimmed;
      pushRef.current(trimmed);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return { value, onChange: setValue };
}
