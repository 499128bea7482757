import type { LinkLikeComponentProps } from "@shopify/polaris/build/ts/src/utilities/link";
import { AppLink } from "./app-link";

/**
 * Lets Polaris links and buttons with a url navigate client-side; external links stay plain anchors.
 * Polaris passes `target` even when it is undefined, so it is read from the props, not spread over
 * the new-tab default of an external link.
 */
export function RouterLink({ url, children, external, target, ...rest }: LinkLikeComponentProps) {
  if (external || /^https?:\/\//.test(url) || url.endsWith(".pdf")) {
    const newTab = external || target === "_blank";
    return (
      <a
        {...rest}
        href={url}
        target={target ?? (external ? "_blank" : undefined)}
        rel={newTab ? "noopener noreferrer" : undefined}
      >
        {children}
      </a>
    );
  }
  return (
    <AppLink to={url} target={target} {...rest}>
      {children}
    </AppLink>
  );
}
