import { PolicyPage } from '../components/policy-page';

/** /privacy-policy: which data we keep, for how long, face search, and people's rights. */
export function Component() {
  return <PolicyPage kind="privacy" />;
}
