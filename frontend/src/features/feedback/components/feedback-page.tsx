import { PageHeader } from '../../../components/ui/page-header';

export function FeedbackPage() {
  return <PageHeader title="Send Feedback">Tell us what works and what does not.</PageHeader>;
}
