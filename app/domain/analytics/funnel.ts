import { dropOff, type FunnelTouchpoint } from "./report";

/**
 * The drop-off of each touchpoint of a journey from the one before it: the share of the previous
 * touchpoint's sent messages this one did not send. Null for the first touchpoint and for the row of
 * deleted touchpoints' messages, which stands outside the journey's order (the chain skips it).
 * Shared by the page's funnel and the CSV export, so both say the same.
 */
export function funnelDropOffs(touchpoints: readonly FunnelTouchpoint[]): (number | null)[] {
  let previousSent: number | null = null;
  return touchpoints.map((touchpoint) => {
    if (touchpoint.touchpointId === null) return null;
    const result = previousSent === null ? null : dropOff(previousSent, touchpoint.sent);
    previousSent = touchpoint.sent;
    return result;
  });
}
