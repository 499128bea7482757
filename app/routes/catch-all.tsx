import { redirect } from "react-router";

/** Any path the specification does not list goes to /. */
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}
