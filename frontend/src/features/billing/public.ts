/** What other features use of billing: the Membership tab of Settings. */
export { MembershipTab } from './components/membership-tab';
