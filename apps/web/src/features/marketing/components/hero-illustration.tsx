const phoneX = 150;
const screenX = phoneX + 28;

const options = [
  { label: 'Short videos', selected: true },
  { label: 'Friends', selected: false },
  { label: 'Playlists', selected: false },
  { label: 'Radio', selected: false },
];

const bars = [
  { label: '13–14', value: 0.58 },
  { label: '15–16', value: 0.71 },
  { label: '17–19', value: 0.64 },
];

interface ShadowProps {
  x: number;
  y: number;
  width: number;
  height: number;
  radius: number;
}

/** Layered offset shapes instead of an SVG blur filter, which renders unevenly across browsers. */
function SoftShadow({ x, y, width, height, radius }: ShadowProps) {
  return (
    <g fill="#0f172a">
      {[
        { spread: 1, dy: 3, opacity: 0.05 },
        { spread: 4, dy: 7, opacity: 0.03 },
        { spread: 8, dy: 12, opacity: 0.02 },
      ].map((layer) => (
        <rect
          key={layer.spread}
          x={x - layer.spread}
          y={y - layer.spread + layer.dy}
          width={width + layer.spread * 2}
          height={height + layer.spread * 2}
          rx={radius + layer.spread}
          opacity={layer.opacity}
        />
      ))}
    </g>
  );
}

/** A phone showing a teen-facing survey question, with consent and results cards floating beside it. */
export function HeroIllustration() {
  return (
    <svg
      viewBox="0 0 480 430"
      width="100%"
      style={{ maxWidth: 480, height: 'auto', display: 'block' }}
      role="img"
      aria-label="A survey question on a phone screen, with a chart of answers by age group beside it"
    >
      <defs>
        <linearGradient id="hero-glow" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--mantine-color-green-3)" stopOpacity="0.55" />
          <stop offset="1" stopColor="var(--mantine-color-green-6)" stopOpacity="0.06" />
        </linearGradient>
      </defs>

      <circle cx="255" cy="215" r="195" fill="url(#hero-glow)" />

      <SoftShadow x={phoneX} y={20} width={214} height={390} radius={36} />
      <rect x={phoneX} y="20" width="214" height="390" rx="36" fill="#0f172a" />
      <rect x={phoneX + 10} y="30" width="194" height="370" rx="28" fill="#ffffff" />
      <rect x={phoneX + 82} y="40" width="50" height="8" rx="4" fill="#0f172a" />

      <text x={screenX} y="84" fontSize="10" fontWeight="700" fill="#047857" letterSpacing="1">
        QUESTION 3 OF 8
      </text>
      <rect x={screenX} y="92" width="158" height="4" rx="2" fill="#e2e8f0" />
      <rect x={screenX} y="92" width="60" height="4" rx="2" fill="#10b981" />
      <text fontSize="13.5" fontWeight="700" fill="#0f172a">
        <tspan x={screenX} y="124">
          Where do you usually
        </tspan>
        <tspan x={screenX} y="143">
          find new music?
        </tspan>
      </text>

      {options.map((option, index) => {
        const y = 162 + index * 44;
        return (
          <g key={option.label}>
            <rect
              x={screenX}
              y={y}
              width="158"
              height="36"
              rx="10"
              fill={option.selected ? '#ecfdf5' : '#f8fafc'}
              stroke={option.selected ? '#10b981' : '#e2e8f0'}
              strokeWidth="1.5"
            />
            <circle
              cx={screenX + 18}
              cy={y + 18}
              r="7"
              fill={option.selected ? '#047857' : '#fff'}
              stroke={option.selected ? '#047857' : '#94a3b8'}
              strokeWidth="1.5"
            />
            {option.selected ? (
              <path
                d={`M${screenX + 14.5} ${y + 18} l2.6 2.6 l4.6 -5`}
                fill="none"
                stroke="#fff"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            ) : null}
            <text
              x={screenX + 34}
              y={y + 22}
              fontSize="12"
              fill="#334155"
              fontWeight={option.selected ? 700 : 500}
            >
              {option.label}
            </text>
          </g>
        );
      })}

      <rect x={screenX} y="350" width="158" height="32" rx="10" fill="#047857" />
      <text x={screenX + 79} y="370" fontSize="12" fontWeight="700" fill="#fff" textAnchor="middle">
        Next
      </text>

      <SoftShadow x={300} y={226} width={172} height={150} radius={18} />
      <rect x="300" y="226" width="172" height="150" rx="18" fill="var(--mantine-color-body)" />
      <rect
        x="300"
        y="226"
        width="172"
        height="150"
        rx="18"
        fill="none"
        stroke="var(--mantine-color-default-border)"
      />
      <text x="318" y="254" fontSize="11" fontWeight="700" fill="var(--mantine-color-text)">
        Short videos, by age
      </text>
      <text x="318" y="270" fontSize="9.5" fill="var(--mantine-color-dimmed)">
        n = 1,204 · weighted
      </text>
      {bars.map((bar, index) => {
        const x = 326 + index * 48;
        const height = Math.round(bar.value * 70);
        return (
          <g key={bar.label}>
            <rect
              x={x}
              y={350 - height}
              width="28"
              height={height}
              rx="6"
              fill="var(--mantine-color-green-6)"
            />
            <text
              x={x + 14}
              y={344 - height}
              fontSize="9.5"
              textAnchor="middle"
              fill="var(--mantine-color-text)"
              fontWeight="700"
            >
              {Math.round(bar.value * 100)}%
            </text>
            <text x={x + 14} y="365" fontSize="9" textAnchor="middle" fill="var(--mantine-color-dimmed)">
              {bar.label}
            </text>
          </g>
        );
      })}

      <SoftShadow x={8} y={96} width={160} height={54} radius={14} />
      <rect x="8" y="96" width="160" height="54" rx="14" fill="var(--mantine-color-body)" />
      <rect
        x="8"
        y="96"
        width="160"
        height="54"
        rx="14"
        fill="none"
        stroke="var(--mantine-color-default-border)"
      />
      <circle cx="34" cy="123" r="13" fill="var(--mantine-color-green-1)" />
      <path d="M28 123 l4 4 l7.4 -7.6" fill="none" stroke="#047857" strokeWidth="2.2" strokeLinecap="round" />
      <text x="56" y="119" fontSize="11" fontWeight="700" fill="var(--mantine-color-text)">
        Parental consent
      </text>
      <text x="56" y="135" fontSize="9.5" fill="var(--mantine-color-dimmed)">
        Verified before start
      </text>
    </svg>
  );
}
