import { expect, test } from "vitest";
import { funnelDropOffs } from "./funnel";
import type { FunnelTouchpoint } from "./report";

function touchpoint(id: string | null, sent: number): FunnelTouchpoint {
  return {
    touchpointId: id,
    ordinal: id === null ? null : 1,
    name: id,
    channel: id === null ? null : "sms",
    linkTarget: null,
    sent,
    delivered: sent,
    failed: 0,
    clicks: 0,
    clickedMessages: 0,
    attributedOrders: 0,
    attributedRevenue: [],
  };
}

test("each touchpoint's drop-off is from the one before it; the first has none", () => {
  expect(funnelDropOffs([touchpoint("a", 200), touchpoint("b", 150), touchpoint("c", 30)])).toEqual([
    null,
    0.25,
    0.8,
  ]);
});

test("after a touchpoint that sent nothing there is no drop-off to speak of, and a rise is no negative drop", () => {
  expect(
    funnelDropOffs([touchpoint("a", 0), touchpoint("b", 0), touchpoint("c", 5), touchpoint("d", 9)]),
  ).toEqual([null, null, null, 0]);
});

test("deleted touchpoints' messages stand outside the chain", () => {
  expect(funnelDropOffs([touchpoint("a", 100), touchpoint(null, 40), touchpoint("b", 50)])).toEqual([
    null,
    null,
    0.5,
  ]);
});
