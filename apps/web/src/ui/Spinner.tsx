export function Spinner({ size = 18, label }: { size?: number; label?: string }) {
  const ring = <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />;
  if (!label) return ring;
  return (
    <span role="status">
      {ring}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** Centered spinner for a page or chunk that is loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size={24} label={label} />
    </div>
  );
}
