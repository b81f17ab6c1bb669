import { ScreenHeader } from '../../../components/ui/screen-header';

export function SurveySummaryScreen() {
  return (
    <ScreenHeader
      area="Results"
      title="Survey summary"
      description="Responses, charts and breakdowns for this survey; groups of fewer than five teens are never shown."
    />
  );
}
