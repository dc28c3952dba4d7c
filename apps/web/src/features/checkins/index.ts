// What other features use of the check-ins: the further-step flow an album opened another way
// (find by bib, issue 20) goes through like a code.
export { useStepFlow } from './steps/use-step-flow';
