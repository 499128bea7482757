/**
 * Small marks for the integration cards, drawn here (no outside assets): a shopping bag for Shopify,
 * a contract sheet for Tri-Tech, a chat bubble for WhatsApp. Decorative: the card's heading names it.
 */

export function ShopifyMark() {
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="8" fill="#e3f1df" />
      <path d="M11 15h18l-1.6 15.2a2 2 0 0 1-2 1.8H14.6a2 2 0 0 1-2-1.8z" fill="#5e8e3e" />
      <path d="M15.5 15v-2.5a4.5 4.5 0 0 1 9 0V15" fill="none" stroke="#5e8e3e" strokeWidth="2" />
      <path
        d="M17 22.5c1.8-1.6 4.8-.2 3 1.4-1.8 1.6 1.2 3 3 1.4"
        fill="none"
        stroke="#fff"
        strokeWidth="1.6"
      />
    </svg>
  );
}

export function TriTechMark() {
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="8" fill="#e0ecfb" />
      <rect x="11" y="8" width="18" height="24" rx="2" fill="#fff" stroke="#2c6ecb" strokeWidth="2" />
      <path d="M15 14h10M15 18h10M15 22h6" stroke="#2c6ecb" strokeWidth="2" strokeLinecap="round" />
      <circle cx="26" cy="28" r="5" fill="#2c6ecb" />
      <path d="m23.8 28 1.6 1.6 2.8-3" fill="none" stroke="#fff" strokeWidth="1.6" />
    </svg>
  );
}

export function WhatsAppMark() {
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="8" fill="#dcf8e6" />
      <path d="M20 9a11 11 0 0 0-9.5 16.5L9 31l5.7-1.5A11 11 0 1 0 20 9z" fill="#25a35a" />
      <path
        d="M16 15.5c.4-.8 1.4-.8 1.8 0l.8 1.8c.2.4 0 .9-.3 1.2l-.6.6c.8 1.6 2 2.8 3.6 3.6l.6-.6c.3-.3.8-.5 1.2-.3l1.8.8c.8.4.8 1.4 0 1.8-2.6 1.6-6.6-.4-8.4-3.6-.9-1.6-1.2-3.6-.5-5.3z"
        fill="#fff"
      />
    </svg>
  );
}
