import { InlineStack, Pagination, Select, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { type UsersQuery, userPageSizes, usersQueryParams } from "~/domain/admin/users-query";

/**
 * Previous/next and the page-size changer. With a single page the page buttons are hidden; the size
 * changer stays while there are more users than the smallest page holds, so a bigger page can be undone.
 */
export function UserPagination({
  query,
  total,
  onPageSize,
}: {
  query: UsersQuery;
  total: number;
  onPageSize: (size: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  if (total <= userPageSizes[0]) return null;
  const from = (query.page - 1) * query.pageSize + 1;
  const to = Math.min(total, query.page * query.pageSize);
  const urlOf = (page: number) => `?${usersQueryParams({ ...query, page })}`;
  return (
    <InlineStack align="space-between" blockAlign="center" gap="400">
      <Text as="span" tone="subdued">
        {t("adminUsers.range", { from, to, total })}
      </Text>
      <InlineStack gap="400" blockAlign="center">
        {pages > 1 ? (
          <Pagination
            hasPrevious={query.page > 1}
            previousURL={query.page > 1 ? urlOf(query.page - 1) : undefined}
            hasNext={query.page < pages}
            nextURL={query.page < pages ? urlOf(query.page + 1) : undefined}
            label={t("adminUsers.pageOf", { page: query.page, pages })}
          />
        ) : null}
        <Select
          label={t("adminUsers.pageSize")}
          labelInline
          options={userPageSizes.map((size) => ({ label: String(size), value: String(size) }))}
          value={String(query.pageSize)}
          onChange={(value) => onPageSize(Number(value))}
        />
      </InlineStack>
    </InlineStack>
  );
}
