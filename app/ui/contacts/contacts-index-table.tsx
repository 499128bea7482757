import { Spinner } from "@shopify/polaris";
import type { CSSProperties, ReactNode } from "react";

/** --pc-index-table-heading-extra-padding-right, as IndexTable sets it on an unsortable heading. */
const HEADING_STYLE = { "--pc-index-table-heading-extra-padding-right": "0" } as CSSProperties;

/**
 * The contacts table as Polaris' IndexTable writes an unselectable one: its classes, so its styles
 * (the sticky first column among them) apply, and its loading panel. IndexTable itself also wrote a
 * hidden "select all" checkbox, a bulk-actions bar and a second copy of the headings for page
 * scrolling, and measured the table on the client: about a tenth of the /contacts page's server time
 * (`npm run bench:render`) for a table that selects nothing and scrolls in its own box, where the
 * headings now stay in view as the rows scroll under them (app.css, .contacts-index-table).
 */
export function ContactsIndexTable(props: {
  headings: { title: string; hidden?: boolean }[];
  loading: boolean;
  /** IndexTable's "Loading contacts…", announced while the next page loads. */
  loadingLabel: string;
  /** The box the table scrolls in, both ways, with its headings and first column kept in view. */
  maxHeight: number;
  children: ReactNode;
}) {
  const loadingPanel = props.loading
    ? "Polaris-IndexTable__LoadingPanel Polaris-IndexTable__LoadingPanelEntered"
    : "Polaris-IndexTable__LoadingPanel";
  return (
    <div className="Polaris-IndexTable contacts-index-table">
      <div className="Polaris-IndexTable__IndexTableWrapper">
        <div className={loadingPanel}>
          {props.loading ? (
            <div className="Polaris-IndexTable__LoadingPanelRow">
              <Spinner size="small" />
              <span className="Polaris-IndexTable__LoadingPanelText">{props.loadingLabel}</span>
            </div>
          ) : null}
        </div>
        <div className="contacts-index-table-scroll" style={{ maxHeight: props.maxHeight }}>
          <table className="Polaris-IndexTable__Table Polaris-IndexTable__Table--unselectable Polaris-IndexTable__Table--sticky">
            <thead>
              <tr>
                {props.headings.map((heading, index) => (
                  <th
                    key={heading.title}
                    className={
                      index === 0
                        ? "Polaris-IndexTable__TableHeading Polaris-IndexTable__TableHeading--second Polaris-IndexTable__TableHeading--unselectable"
                        : "Polaris-IndexTable__TableHeading Polaris-IndexTable__TableHeading--unselectable"
                    }
                    data-index-table-heading="true"
                  >
                    <div style={HEADING_STYLE}>
                      <span
                        className={
                          heading.hidden
                            ? "Polaris-Text--root Polaris-Text--bodySm Polaris-Text--medium Polaris-Text--visuallyHidden"
                            : "Polaris-Text--root Polaris-Text--bodySm Polaris-Text--medium"
                        }
                      >
                        {heading.title}
                      </span>
                    </div>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{props.children}</tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
