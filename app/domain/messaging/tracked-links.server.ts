/**
 * Tracked links (owned by the channels and inbound work; bodies being built this session).
 */

/** Creates the touchpoint's own tracked link to `targetUrl`; returns its code. Throws when it cannot. */
export async function createTouchpointLink(
  _accountId: string,
  _touchpointId: string,
  _targetUrl: string,
): Promise<{ code: string }> {
  throw new Error("createTouchpointLink: not built yet");
}
