import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** The shared stroke-icon frame; icons are decorative (buttons carry the accessible name). */
function Svg({ size = 18, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** Makes a stroke icon from its paths; every icon in this folder is drawn with it. */
export function icon(paths: React.ReactNode) {
  return (props: IconProps) => <Svg {...props}>{paths}</Svg>;
}
