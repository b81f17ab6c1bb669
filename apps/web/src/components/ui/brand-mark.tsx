/** TeenVoice's mark: no library, so the respondent page's lean bundle (decision 019) uses it too. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-green-7)" />
      <path
        d="M9 11.5a3.5 3.5 0 0 1 3.5-3.5h7a3.5 3.5 0 0 1 3.5 3.5v5a3.5 3.5 0 0 1-3.5 3.5H15l-4.2 3.4c-.5.4-1.3 0-1.3-.6V20.3A3.5 3.5 0 0 1 9 16.5z"
        fill="#fff"
      />
      <circle cx="13" cy="14" r="1.3" fill="var(--mantine-color-green-7)" />
      <circle cx="16" cy="14" r="1.3" fill="var(--mantine-color-green-7)" />
      <circle cx="19" cy="14" r="1.3" fill="var(--mantine-color-green-7)" />
    </svg>
  );
}
