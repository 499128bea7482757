import type { TFunction } from "i18next";
import { waitDisplay } from "~/domain/messaging/wait";

/** A touchpoint's wait as the manager shows it: days from one day, else hours (minutes under an hour). */
export function waitText(t: TFunction, minutes: number): string {
  const wait = waitDisplay(minutes);
  if (wait.kind === "immediate") return t("journeys.wait.immediate");
  return t(`journeys.wait.${wait.kind}`, { count: wait.count });
}

/** The message box grows with its text, from 2 to 6 rows (spec 2 section 9). */
export function messageRows(text: string, charsPerRow = 48): number {
  const rows = text
    .split("\n")
    .reduce((total, line) => total + Math.max(1, Math.ceil(line.length / charsPerRow)), 0);
  return Math.min(6, Math.max(2, rows));
}
