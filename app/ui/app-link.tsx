import { type AnchorHTMLAttributes, createContext, type MouseEvent, type ReactNode, useContext } from "react";
import { Link, type NavigateFunction, useNavigate } from "react-router";

const NavigateContext = createContext<NavigateFunction | null>(null);

/** Gives every AppLink below it the router's one navigate function (see AppLink). */
export function AppLinkProvider({ children }: { children: ReactNode }) {
  return <NavigateContext.Provider value={useNavigate()}>{children}</NavigateContext.Provider>;
}

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

/**
 * A link to one of our own screens by its absolute path ("/contacts?after=..."), navigated
 * client-side as React Router's Link is: a plain left click, without a modifier key or another
 * target, becomes a router navigation (replacing the history entry when the link is the current
 * URL, as Link does); anything else is the browser's. React Router's Link resolves its path against
 * the route tree with half a dozen hooks each time it renders, about 20 microseconds of server time
 * per link, so the sidebar and a table of links were 5% of a signed-in page (`npm run bench:render`);
 * an absolute path needs none of that. A relative path (or one with no router above) is Link's.
 */
export function AppLink({ to, onClick, target, children, ...rest }: AppLinkProps) {
  const navigate = useContext(NavigateContext);
  if (!navigate || !to.startsWith("/") || to.startsWith("//")) {
    return (
      <Link to={to} onClick={onClick} target={target} {...rest}>
        {children}
      </Link>
    );
  }
  const followInApp = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // A download link is the browser's to follow, whatever its path.
    if (event.defaultPrevented || !isPlainLeftClick(event, target) || rest.download !== undefined) return;
    event.preventDefault();
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    navigate(to, { replace: here === to });
  };
  return (
    <a href={to} target={target} onClick={followInApp} {...rest}>
      {children}
    </a>
  );
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return event.button === 0 && (!target || target === "_self") && !modified;
}
