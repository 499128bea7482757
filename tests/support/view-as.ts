import { action as viewAsAction } from "../../app/routes/resources/view-as";
import { cookieFrom, createUser, signedInRequest } from "./factories";

/**
 * The session cookie of a new platform roadmin viewing the company as RO Admin, made the way the
 * admin area makes it (a POST to /resources/view-as): requests carrying it are read-only.
 */
export async function roAdminViewCookie(accountId: string): Promise<string> {
  const roadmin = await createUser({ roles: ["roadmin"] });
  const viewAs = (await viewAsAction({
    request: await signedInRequest(roadmin.id, "http://localhost:3000/resources/view-as", {
      method: "POST",
      body: new URLSearchParams({ accountId, mode: "roadmin" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
    params: {},
    context: {},
  } as never)) as Response;
  return cookieFrom(viewAs);
}
