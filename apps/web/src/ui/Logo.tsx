/** The product mark (also the fallback project icon). */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--c-accent, #4f46e5)" />
      <path
        d="M9 10.5A2.5 2.5 0 0 1 11.5 8h9a2.5 2.5 0 0 1 2.5 2.5v6a2.5 2.5 0 0 1-2.5 2.5H15l-4.2 3.6c-.6.5-1.8.2-1.8-.7z"
        fill="#fff"
      />
      <path
        d="M13 15.5v-2M16 15.5v-4M19 15.5v-3"
        stroke="var(--c-accent, #4f46e5)"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
