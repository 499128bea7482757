import type { journeyState } from "#db/schema";

export type JourneyState = (typeof journeyState.enumValues)[number];
export const JOURNEY_STATES: readonly JourneyState[] = ["live", "muted", "paused", "disabled"];
