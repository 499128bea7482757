import { matchColumns } from "~/domain/contacts/csv-columns";
import { type ConsentChannel, parseConsentValue, type Reach, reachOf } from "~/domain/contacts/csv-consent";
import { CsvByteReader, isBlankRecord } from "~/domain/contacts/csv-parser";

/** Per channel: how many of the file's rows fall under each reach (csv-consent.ts), before a declaration. */
export type ReachCounts = Record<Reach, number>;

export type ConsentScan = {
  rows: number;
  sms: ReachCounts;
  /** Null when the file has no WhatsApp consent column (nothing is said about WhatsApp). */
  whatsapp: ReachCounts | null;
  smsColumn: string | null;
  whatsappColumn: string | null;
};

const emptyCounts = (): ReachCounts => ({ yes: 0, noPhone: 0, saysNo: 0, noConsent: 0, invalid: 0 });

/**
 * Reads the chosen file in the browser, as the import will (the same parser and column matching),
 * to count before anything is sent which rows can receive SMS (and WhatsApp) and why the others
 * cannot. Null when the file cannot be read: the upload then says why, as before.
 */
export async function scanConsent(file: File): Promise<ConsentScan | null> {
  const reader = new CsvByteReader();
  let map: ReturnType<typeof matchColumns> | null = null;
  const scan: ConsentScan = {
    rows: 0,
    sms: emptyCounts(),
    whatsapp: null,
    smsColumn: null,
    whatsappColumn: null,
  };
  const take = (records: string[][]) => {
    if (!map && reader.header) {
      map = matchColumns(reader.header, []);
      scan.smsColumn = map.consent.sms?.header ?? null;
      scan.whatsappColumn = map.consent.whatsapp?.header ?? null;
      if (scan.whatsappColumn) scan.whatsapp = emptyCounts();
    }
    const columns = map;
    if (!columns) return;
    for (const record of records) {
      if (isBlankRecord(record)) continue;
      scan.rows++;
      const cell = (index: number) => (index >= 0 && index < record.length ? record[index].trim() : "");
      const hasPhone = cell(columns.phone) !== "";
      const count = (channel: ConsentChannel, counts: ReachCounts | null) => {
        if (!counts) return;
        const column = columns.consent[channel];
        const value = column ? parseConsentValue(cell(column.index)) : null;
        counts[reachOf(hasPhone, value, false)]++;
      };
      count("sms", scan.sms);
      count("whatsapp", scan.whatsapp);
    }
  };
  try {
    const stream = file.stream().getReader();
    for (;;) {
      const { done, value } = await stream.read();
      if (done) break;
      take(reader.push(value));
    }
    take(reader.end());
    return scan;
  } catch {
    return null;
  }
}

/** The SMS counts once the merchant declared consent for the rows that say nothing. */
export function withDeclaration(counts: ReachCounts, declared: boolean): ReachCounts {
  return declared ? { ...counts, yes: counts.yes + counts.noConsent, noConsent: 0 } : counts;
}
