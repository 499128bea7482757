import type { LinkLikeComponentProps } from "@shopify/polaris/build/ts/src/utilities/link";
import { Link } from "react-router";

/** Lets Polaris links and buttons with a url navigate client-side; external links stay plain anchors. */
export function RouterLink({ url, children, external, ...rest }: LinkLikeComponentProps) {
  if (external || /^https?:\/\//.test(url) || url.endsWith(".pdf")) {
    return (
      <a
        href={url}
        target={external ? "_blank" : undefined}
        rel={external ? "noopener noreferrer" : undefined}
        {...rest}
      >
        {children}
      </a>
    );
  }
  return (
    <Link to={url} {...rest}>
      {children}
    </Link>
  );
}
