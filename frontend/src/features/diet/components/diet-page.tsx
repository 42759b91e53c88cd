import { PageHeader } from '../../../components/ui/page-header';

export function DietPage() {
  return <PageHeader title="Diet Plan">Consuming 500 calories or less daily for fastest results</PageHeader>;
}
