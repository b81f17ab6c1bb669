import { ScreenHeader } from '../../../components/ui/screen-header';

export function SurveySummaryOldScreen() {
  return (
    <ScreenHeader
      area="Results"
      title="Survey summary (classic view)"
      description="The earlier summary layout, kept for surveys that were analyzed with it."
    />
  );
}
