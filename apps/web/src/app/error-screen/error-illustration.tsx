import classes from './error-illustration.module.css';

/** A survey card that has drifted off its dotted path, looking for the page that isn't there. */
export function ErrorIllustration() {
  return (
    <svg
      viewBox="0 0 360 240"
      width="100%"
      style={{ maxWidth: 360, height: 'auto' }}
      role="img"
      aria-label="Illustration: a survey card that has wandered off its path, next to a large question mark"
    >
      <defs>
        <linearGradient id="error-sky" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" className={classes.skyStart} />
          <stop offset="1" className={classes.skyEnd} />
        </linearGradient>
      </defs>
      <ellipse cx="180" cy="128" rx="170" ry="104" fill="url(#error-sky)" opacity="0.9" />
      <path
        d="M24 204 C 84 176, 112 214, 164 190 S 250 150, 300 168"
        fill="none"
        stroke="var(--mantine-color-gray-4)"
        strokeWidth="3"
        strokeDasharray="2 10"
        strokeLinecap="round"
      />
      <circle cx="24" cy="204" r="6" fill="var(--mantine-color-green-6)" />

      <g transform="rotate(-9 150 116)">
        <rect x="92" y="52" width="124" height="150" rx="14" fill="var(--mantine-color-white)" />
        <rect
          x="92"
          y="52"
          width="124"
          height="150"
          rx="14"
          fill="none"
          stroke="var(--mantine-color-gray-3)"
          strokeWidth="2"
        />
        <rect x="108" y="70" width="72" height="9" rx="4.5" fill="var(--mantine-color-gray-7)" />
        <rect x="108" y="86" width="52" height="7" rx="3.5" fill="var(--mantine-color-gray-4)" />
        <circle cx="114" cy="112" r="6" fill="none" stroke="var(--mantine-color-green-6)" strokeWidth="2.5" />
        <rect x="126" y="108" width="66" height="8" rx="4" fill="var(--mantine-color-gray-3)" />
        <circle cx="114" cy="134" r="6" fill="var(--mantine-color-green-6)" />
        <path
          d="M111 134 l2.4 2.4 l4.4 -4.6"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
        />
        <rect x="126" y="130" width="54" height="8" rx="4" fill="var(--mantine-color-gray-3)" />
        <circle cx="114" cy="156" r="6" fill="none" stroke="var(--mantine-color-green-6)" strokeWidth="2.5" />
        <rect x="126" y="152" width="60" height="8" rx="4" fill="var(--mantine-color-gray-3)" />
        <rect x="108" y="174" width="48" height="14" rx="7" fill="var(--mantine-color-green-7)" />
      </g>

      <g>
        <circle cx="268" cy="88" r="44" fill="var(--mantine-color-green-7)" />
        <path
          d="M254 76 a14 14 0 1 1 20 12.6 c-4.2 2 -6 4.6 -6 8.4 v3"
          fill="none"
          stroke="#fff"
          strokeWidth="7"
          strokeLinecap="round"
        />
        <circle cx="268" cy="112" r="4.6" fill="#fff" />
      </g>

      <g fill="var(--mantine-color-green-4)">
        <path d="M52 62 l3 8 l8 3 l-8 3 l-3 8 l-3 -8 l-8 -3 l8 -3z" />
        <path d="M322 170 l2 5 l5 2 l-5 2 l-2 5 l-2 -5 l-5 -2 l5 -2z" />
        <circle cx="70" cy="140" r="3" />
        <circle cx="318" cy="34" r="3" />
      </g>
    </svg>
  );
}
