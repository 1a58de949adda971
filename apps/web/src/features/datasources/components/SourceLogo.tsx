import { useState } from 'react';
import { logoOf } from '../datasources';

/** A source's logo; its initials in a tile when the image is missing or fails to load. */
export function SourceLogo({ logo, type, size = 36 }: { logo?: string | null; type: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (failed) {
    return (
      <span className="ds-logo ds-logo-fallback" style={style} aria-hidden="true">
        {type.slice(0, 2)}
      </span>
    );
  }
  return (
    <img
      className="ds-logo"
      src={logoOf(logo, type)}
      alt=""
      width={size}
      height={size}
      style={style}
      onError={() => setFailed(true)}
    />
  );
}
