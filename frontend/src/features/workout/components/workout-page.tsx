import { PageHeader } from '../../../components/ui/page-header';

export function WorkoutPage() {
  return <PageHeader title="Workout Plans">Focus on low joint impact with maximum effectiveness</PageHeader>;
}
