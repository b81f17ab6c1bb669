import { Menu, Text, UnstyledButton } from '@mantine/core';
import { IconFilter, IconFilterOff } from '@tabler/icons-react';
import { marginText, percentTicks, type QuestionResult } from '@tv/contract';
import { type Bar, barsOf, formatPercent } from '../utils/chart-data';
import classes from './results.module.css';

function BarRow({ bar }: { bar: Bar }) {
  return (
    <>
      <div className={classes.barHead}>
        <Text component="span" size="sm" fw={500}>
          {bar.label}
        </Text>
        <span className={classes.barValue}>
          {bar.hidden ? (
            <strong>Hidden</strong>
          ) : (
            <>
              <strong>{formatPercent(bar.percent)}</strong>
              {bar.marginOfError !== null ? (
                <span className={classes.moe} title="95% margin of error, in percentage points">
                  {' '}
                  {marginText(bar.percent ?? 0, bar.marginOfError)}
                </span>
              ) : null}{' '}
              · {bar.count}
            </>
          )}
        </span>
      </div>
      <div className={`${classes.track} ${bar.hidden ? classes.hiddenTrack : ''}`} aria-hidden>
        {bar.hidden ? null : <div className={classes.fill} style={{ width: `${bar.width}%` }} />}
      </div>
    </>
  );
}

interface BarListProps {
  counts: QuestionResult['options'];
  /** Offered for options that can narrow the results (cross-tab); absent for yes/no and scales. */
  onFilter?: (optionId: string) => void;
  activeOptionId?: string | null;
  onClearFilter?: () => void;
}

/** The 0–100% scale under horizontal bars: every bar is drawn on it, never scaled to the longest. */
export function PercentAxis() {
  return (
    <div className={classes.percentAxis} aria-hidden data-testid="percent-axis">
      {percentTicks.map((tick) => (
        <span key={tick} style={{ left: `${tick}%` }} data-tick={tick}>
          {tick}%
        </span>
      ))}
    </div>
  );
}

/** One horizontal bar per answer option on a 0–100% axis, with its share and count; hidden cells say so. */
export function BarList({ counts, onFilter, activeOptionId, onClearFilter }: BarListProps) {
  const bars = barsOf(counts);
  return (
    <div>
      <ul className={classes.bars}>
        {bars.map((bar) => (
          <li key={bar.id}>
            {onFilter ? (
              <Menu position="bottom-start" withinPortal shadow="md" width={240}>
                <Menu.Target>
                  <UnstyledButton
                    className={classes.barButton}
                    data-active={activeOptionId === bar.id || undefined}
                    aria-label={`${bar.label}: ${bar.hidden ? 'hidden' : `${formatPercent(bar.percent)}, ${bar.count} respondents${bar.marginOfError !== null ? `, margin of error ${bar.marginOfError} points` : ''}`}. Options`}
                  >
                    <BarRow bar={bar} />
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  {activeOptionId === bar.id ? (
                    <Menu.Item leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onClearFilter}>
                      Remove this filter
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      leftSection={<IconFilter size={16} aria-hidden />}
                      onClick={() => onFilter(bar.id)}
                      disabled={bar.hidden}
                    >
                      Filter by this answer
                    </Menu.Item>
                  )}
                  <Menu.Label>See every question for teens who chose this</Menu.Label>
                </Menu.Dropdown>
              </Menu>
            ) : (
              <BarRow bar={bar} />
            )}
          </li>
        ))}
      </ul>
      <PercentAxis />
    </div>
  );
}
