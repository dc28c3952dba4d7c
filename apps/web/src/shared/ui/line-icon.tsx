/**
 * A decorative line icon: one 24 × 24 path drawn with the current text colour. Every icon of the
 * app is one of these, so they share one look; the control around an icon carries its label.
 */
export function LineIcon({
  d,
  size = 22,
  strokeWidth = 2,
  className,
}: {
  d: string;
  size?: number;
  strokeWidth?: number;
  className?: string;
}) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
