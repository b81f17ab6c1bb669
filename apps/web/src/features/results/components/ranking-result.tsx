import { Text } from '@mantine/core';
import type { QuestionResult } from '@tv/contract';
import { rankBars } from '../utils/chart-data';
import classes from './results.module.css';

/** A ranking: options in order of their average rank, the first one on top. */
export function RankingResult({ result }: { result: QuestionResult }) {
  const bars = rankBars(result.averageRanks);
  return (
    <ol className={classes.bars}>
      {bars.map((bar, index) => (
        <li key={bar.id}>
          <div className={classes.barHead}>
            <Text component="span" size="sm" fw={500}>
              <span className={classes.questionNumber}>{index + 1}.</span>
              {bar.label}
            </Text>
            <span className={classes.barValue}>
              {bar.averageRank === null ? (
                <strong>Hidden</strong>
              ) : (
                <>
                  average rank <strong>{bar.averageRank.toFixed(1)}</strong>
                </>
              )}
            </span>
          </div>
          <div
            className={`${classes.track} ${bar.averageRank === null ? classes.hiddenTrack : ''}`}
            aria-hidden
          >
            {bar.averageRank === null ? null : (
              <div className={classes.fill} style={{ width: `${bar.width}%` }} />
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
