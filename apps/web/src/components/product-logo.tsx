import { PRODUCT } from '@mbo/contracts/product';

export interface ProductLogoProps {
  /** Size of the square mark in px. */
  size?: number;
  /** Show the product name beside the mark. */
  withName?: boolean;
  /** Colour of the name text (e.g. on a dark background). */
  nameColor?: string;
}

/** The product mark (same drawing as the favicon) with, optionally, the product name. */
export default function ProductLogo({ size = 32, withName = true, nameColor }: ProductLogoProps) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10, lineHeight: 1 }}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--mbo-primary)" />
        <path
          d="M9 21V11h5.5a3.5 3.5 0 0 1 0 7H12m5 3h6"
          stroke="#fff"
          strokeWidth="2.4"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {withName && (
        <span
          style={{
            fontWeight: 600,
            fontSize: Math.max(14, Math.round(size * 0.5)),
            letterSpacing: -0.2,
            color: nameColor ?? 'var(--mbo-text)',
            whiteSpace: 'nowrap',
          }}
        >
          {PRODUCT.name}
        </span>
      )}
    </span>
  );
}
