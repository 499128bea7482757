import type { ImportRow } from "./csv-rows";

// The SQL of an import batch's merge (applied by csv-batch.server.ts), and what decides its shape.

/**
 * The merge. A row whose phone is one contact's and whose email is another's is refused. Of the
 * others, the last row wins for a phone, an email and a contact (as if the rows were applied in
 * order; the rows it overrides count as imported).
 * $1 account, $2 product ids, $3.. attribute ids (staging columns a0..), then the importing user.
 * Consent (issue 20): a row's sms_text opts its contact in to SMS, unless the contact opted out (only
 * the contact can undo a STOP) or is opted in already, with a consent event saying where it came from;
 * wa_text records a WhatsApp opt-in event once per contact. Without `keysRepeat` (no
 * phone or email in two of the batch's rows, as in most files) the statement skips two sorts.
 */
export function mergeStatement(attributeCount: number, keysRepeat: boolean): string {
  const attributeValues = Array.from({ length: attributeCount }, (_, i) => `($${i + 3}::uuid, s.a${i})`);
  const userParam = `$${attributeCount + 3}::uuid`;
  // A new contact has no values yet: its rows are plain inserts, without the upsert's conflict check
  // (a speculative insertion per row); only values of contacts that exist already may replace one.
  // Values go to the contacts this statement inserted or updated (and so holds): never to a contact
  // deleted meanwhile, which a foreign key refused before migration 0037.
  const attributeInsert = (name: string, contacts: "new" | "existing") => `${name} as (
      insert into contact_attribute_values (account_id, contact_id, attribute_id, value)
      select $1, s.target_id, v.attribute_id, v.value
      from deduped s
      ${contacts === "new" ? "" : "join updated u on u.id = s.target_id"}
      cross join lateral (values ${attributeValues.join(", ")}) v(attribute_id, value)
      where v.value is not null and s.contact_id is ${contacts === "new" ? "null" : "not null"}
      ${contacts === "new" ? "" : "on conflict (contact_id, attribute_id) do update set value = excluded.value, updated_at = now()"}
      returning 1
    )`;
  const attributes =
    attributeCount === 0
      ? "attrs as (select 0 where false), new_attrs as (select 0 where false)"
      : `${attributeInsert("attrs", "existing")}, ${attributeInsert("new_attrs", "new")}`;
  return `
    with matched as (
      select s.*, cp.id as phone_contact, ce.id as email_contact,
        coalesce(cp.sms_consent, ce.sms_consent) as old_consent
      from csv_stage s
      -- "is not null" lets the planner use the partial unique indexes for these lookups.
      left join contacts cp on cp.account_id = $1 and cp.phone = s.phone and cp.phone is not null
      left join contacts ce on ce.account_id = $1 and ce.email = s.email and ce.email is not null
    ),
    conflicting as (
      select row_number from matched
      where phone_contact is not null and email_contact is not null and phone_contact <> email_contact
    ),
    candidates as (
      select m.*, coalesce(m.phone_contact, m.email_contact) as contact_id from matched m
      where not (phone_contact is not null and email_contact is not null and phone_contact <> email_contact)
    ),
    ${
      keysRepeat
        ? `by_phone as (
      select distinct on (coalesce(phone, '#' || row_number)) * from candidates
      order by coalesce(phone, '#' || row_number), row_number desc
    ),
    by_email as (
      select distinct on (coalesce(email, '#' || row_number)) * from by_phone
      order by coalesce(email, '#' || row_number), row_number desc
    ),`
        : // No phone or email is in two rows of the batch: the two steps above would keep every row.
          "by_email as (select * from candidates),"
    }
    -- Only rows matched to an existing contact can share one (a new contact is one row's).
    deduped as materialized (
      select * from (
        select distinct on (contact_id) *, contact_id as target_id from by_email
        where contact_id is not null order by contact_id, row_number desc
      ) existing
      union all
      select *, new_id as target_id from by_email where contact_id is null
    ),
    updated as (
      update contacts c set first_name = s.first_name, last_name = s.last_name,
        phone = coalesce(s.phone, c.phone), email = coalesce(s.email, c.email),
        sms_consent = case when s.sms_text is not null and c.sms_consent in ('none', 'non_commercial')
          then 'opted_in'::sms_consent else c.sms_consent end,
        is_active = true, updated_at = now()
      from deduped s where s.contact_id is not null and c.id = s.contact_id
      returning c.id
    ),
    -- New contacts get their ids here, so attribute values and links need no join back to them.
    inserted as (
      insert into contacts (id, account_id, first_name, last_name, phone, email, sms_consent)
      select target_id, $1, first_name, last_name, phone, email,
        case when sms_text is not null then 'opted_in'::sms_consent else 'none'::sms_consent end
      from deduped where contact_id is null
      order by target_id
      returning 1
    ),
    ${attributes},
    consents as (
      insert into consent_events (account_id, contact_id, channel, kind, source, consent_text, user_id)
      select $1::uuid, s.target_id, 'sms'::message_channel, 'opt_in'::consent_kind, 'import', s.sms_text,
        ${userParam} from deduped s
      where s.sms_text is not null and (s.contact_id is null or s.old_consent in ('none', 'non_commercial'))
      union all
      select $1::uuid, s.target_id, 'whatsapp'::message_channel, 'opt_in'::consent_kind, 'import', s.wa_text,
        ${userParam} from deduped s
      where s.wa_text is not null and (s.contact_id is null or not exists (
        select 1 from consent_events x where x.contact_id = s.contact_id and x.channel = 'whatsapp'
          and x.kind = 'opt_in'))
      returning 1
    ),
    links as (
      insert into contact_products (account_id, contact_id, product_id)
      select $1, s.target_id, p.id from deduped s cross join unnest($2::uuid[]) p(id)
      on conflict (contact_id, product_id) do nothing
      returning 1
    )
    select (select array_agg(row_number order by row_number) from conflicting) as conflicts,
      (select count(*) from updated) as updated, (select count(*) from inserted) as inserted,
      (select count(*) from attrs) + (select count(*) from new_attrs) as attribute_values, (select count(*) from links) as links,
      (select count(*) from consents) as consents`;
}

/** Whether two rows of the batch have the same phone or the same email (as stored: E.164, lowercased). */
export function keysRepeat(rows: ImportRow[]): boolean {
  const phones = new Set<string>();
  const emails = new Set<string>();
  for (const r of rows) {
    if (r.phone !== null) {
      if (phones.has(r.phone)) return true;
      phones.add(r.phone);
    }
    if (r.email !== null) {
      if (emails.has(r.email)) return true;
      emails.add(r.email);
    }
  }
  return false;
}
