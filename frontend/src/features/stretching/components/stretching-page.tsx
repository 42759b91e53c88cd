import { PageHeader } from '../../../components/ui/page-header';

export function StretchingPage() {
  return <PageHeader title="Stretching">Each stretch: 3:33</PageHeader>;
}
