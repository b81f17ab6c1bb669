import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { TrackerScreen } from './tracker-screen';

/** The tracker route's screen: the tracker from the path, the compared question from `?question=`. */
export function TrackerPage() {
  const { trackerId = '' } = useParams({ strict: false }) as { trackerId?: string };
  const search = useSearch({ strict: false }) as { question?: unknown };
  const navigate = useNavigate();
  const questionId = typeof search.question === 'string' && search.question ? search.question : null;
  return (
    <TrackerScreen
      key={trackerId}
      trackerId={trackerId}
      questionId={questionId}
      onQuestionChange={(question) =>
        void navigate({
          to: '/research/builder/trackers/$trackerId',
          params: { trackerId },
          search: question ? { question } : {},
          replace: true,
        })
      }
    />
  );
}
