import { MembershipStatus } from './membership-status';
import { PlanCards } from './plan-cards';

/** Settings › Membership: the membership, the two plans and what can be done with each. */
export function MembershipTab() {
  return (
    <div className="grid gap-4">
      <MembershipStatus />
      <PlanCards />
    </div>
  );
}
