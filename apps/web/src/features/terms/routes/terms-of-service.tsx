import { PolicyPage } from '../components/policy-page';

/** /terms-of-service: what sign-up and the /terms screen ask people to accept. */
export function Component() {
  return <PolicyPage kind="terms" />;
}
